"""Play across two machines (issue 31): what crosses the network and how it is checked.

Below the windows and the command line, above the rules engines: a peer is untrusted
input, like a file.
"""
