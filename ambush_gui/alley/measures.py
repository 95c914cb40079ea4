"""Every distance the Ambush Alley rules name, at 15mm or 28mm scale.

AA-001/AA-002 (house rule, docs/rules/alley-basics.md): 28mm play multiplies every
distance by 1.5 ("increase by 150%"), the table included, so nothing changes but
the size of the figures.

>>> Measures(1.5).rapid, Measures(1.5).cohesion_radius
(18.0, 6.0)
"""

from __future__ import annotations

from dataclasses import dataclass

SCALES = {"15mm": 1.0, "28mm": 1.5}


@dataclass(frozen=True)
class Measures:
    scale: float = 1.0

    @property
    def cautious(self) -> float:  # AA-032
        return 6.0 * self.scale

    @property
    def rapid(self) -> float:  # AA-033
        return 12.0 * self.scale

    @property
    def cohesion_link(self) -> float:  # AA-014
        return 1.0 * self.scale

    @property
    def cohesion_radius(self) -> float:  # AA-014
        return 4.0 * self.scale

    @property
    def exposed(self) -> float:  # AA-126: not within 2" of cover
        return 2.0 * self.scale

    @property
    def solid_behind(self) -> float:  # house rule AA-127: "behind" a wall is within 1" of it
        return 1.0 * self.scale

    @property
    def arrival(self) -> float:  # AA-053
        return 4.0 * self.scale

    @property
    def hot_spot_spacing(self) -> float:  # AA-050
        return 6.0 * self.scale

    @property
    def pull_back(self) -> float:  # AA-194
        return 6.0 * self.scale

    @property
    def interrupt_loss(self) -> float:  # AA-085: 1" of movement per interruption
        return 1.0 * self.scale

    @property
    def contact(self) -> float:
        """Base contact: two half-inch bases touch (centres 0.5" apart, a little slack)."""
        return 0.6 * self.scale

    @property
    def hot_spot_contact(self) -> float:  # house rule AA-056
        return 1.0 * self.scale

    @property
    def edge_handoff(self) -> float:  # house rule DC-013
        return 1.0 * self.scale

    @property
    def assault_reach(self) -> float:  # house rule CT-054: a Close Assault starts in contact
        return 1.0 * self.scale
