"""Write the JSON Schemas of the data files into docs/schema/ (run after changing a model).

    python tools/gen_schema.py

tests/test_docs.py fails when a committed schema no longer matches its model.
"""

from __future__ import annotations

import json
from pathlib import Path

from ambush_gui.alley.scenario import ScenarioSpec
from ambush_gui.ambush.campaign.progress import ProgressFile
from ambush_gui.ambush.campaign.spec import CampaignSpec
from ambush_gui.ambush.charts import ChartsFile
from ambush_gui.ambush.mission import MissionSpec
from ambush_gui.core.saves import SaveFile

OUT = Path(__file__).resolve().parent.parent / "docs" / "schema"
SCHEMAS = {
    "alley-scenario.schema.json": ScenarioSpec,
    "save.schema.json": SaveFile,
    "ambush-charts.schema.json": ChartsFile,
    "ambush-mission.schema.json": MissionSpec,
    "ambush-campaign.schema.json": CampaignSpec,
    "ambush-campaign-progress.schema.json": ProgressFile,
}


def render(model: type) -> str:
    return json.dumps(model.model_json_schema(), indent=1, sort_keys=True) + "\n"  # type: ignore[attr-defined]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, model in SCHEMAS.items():
        (OUT / name).write_text(render(model))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
