"""A question the computer answers, worded for the person who watches it.

The engine words each question to the side that answers it ("Insurgent: match your
Defense dice against Fireteam Alpha's Firepower"). Shown as it is to the person playing
the other side, it read as an order to him. Here it becomes what the computer is doing:

>>> computer_doing("Insurgent: match your Defense dice against Fireteam Alpha's Firepower",
...                "Insurgent", "Insurgents")
"Insurgents (computer) match their Defense dice against Fireteam Alpha's Firepower"
>>> computer_doing("Insurgent: interrupt Fireteam Alpha's move?", "Insurgent", "Insurgents")
"Insurgents (computer) are deciding: interrupt Fireteam Alpha's move?"
>>> computer_doing("Insurgent: you rolled a 6 — choose the Hot Spot the new unit arrives at",
...                "Insurgent", "Insurgents")
'Insurgents (computer) rolled a 6 and choose the Hot Spot the new unit arrives at'

A question quoted under the side's own name loses the engine's address to that side
(the timeline's "The question then (Insurgents): Insurgent: match…" said it twice):

>>> unaddressed("Insurgent: match your Defense dice against Fireteam Alpha's Firepower",
...             "Insurgent")
"match your Defense dice against Fireteam Alpha's Firepower"
>>> unaddressed("Sgt Baker (prone): choose an action, or pass", "US")
'Sgt Baker (prone): choose an action, or pass'

Only words: nothing here knows a rule.
"""

from __future__ import annotations

import re

# the engine's orders that read as a statement once the side is their subject
# ("Insurgents (computer) move Gunmen (1)"); anything else is told as being decided
DOING = ("match ", "move ", "choose ", "set down ", "rolled ")


def unaddressed(prompt: str, title: str) -> str:
    """``prompt`` without the engine's "Insurgent: " in front (``title``, the side it is
    put to); a prompt addressed otherwise ("Sgt Baker: …") whole."""
    head, sep, body = prompt.partition(": ")
    return body if sep and head == title else prompt


def told_of(prompt: str, title: str) -> str:
    """``prompt`` (put to the side whose title is ``title``) as another person reads it:
    without the address, "your" as "their" (the other machine's question read "match
    your Defense dice" to the player it was not put to).

    >>> told_of("Insurgent: match your Defense dice against Alpha's Firepower", "Insurgent")
    "match their Defense dice against Alpha's Firepower"
    """
    body = unaddressed(prompt, title)
    body = re.sub(r"\byou rolled (.+?) — (\w+)", r"rolled \1 and \2", body)
    body = re.sub(r"\byour\b", "their", body)
    return re.sub(r"\byou\b", "they", body)


def computer_doing(prompt: str, title: str, who: str) -> str:
    """``prompt`` (a question put to the side whose title is ``title``: "Insurgent") as
    what that side's computer is doing, ``who`` its name in a sentence ("Insurgents")."""
    body = told_of(prompt, title)
    if "?" not in body and body.startswith(DOING):
        return f"{who} (computer) {body}"
    return f"{who} (computer) are deciding: {body}"
