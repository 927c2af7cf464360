"""Markdown report and PNG plots from a results dict (run_benchmark + run_scale)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory.evaluation.failures import LIST_KINDS, VALUE_KINDS
from memory.evaluation.history_types import KINDS

SECTIONS = (
    "## Setup",
    "## Results by system",
    "## Tuning part and check part",
    "## Recall by question kind",
    "## Extraction against the notes",
    "## Cost",
    "## Scale",
)


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ratio(r: dict) -> str:
    return f"{pct(r['value'])} ({r['hit']}/{r['total']})"


def render(results: dict) -> str:
    b = results["benchmark"]
    lines = [
        f"# MedGraph evaluation ({results['mode']})",
        "",
        f"Command: `{results['command']}`  ",
        f"Seed: {results['seed']}; "
        f"extractor: {results['extractor']}; embedder: {results['embedder']}; "
        f"database: {results['database']}",
        "",
        "## Setup",
        "",
        f"{b['histories']} histories, {b['sessions']} sessions "
        f"({', '.join(f'{k}: {v}' for k, v in b['session_mix'].items())}), "
        f"{b['questions']} questions. How histories and gold are built: "
        "memory/evaluation/README.md.",
        "",
    ]
    lines += [*_systems(b), "", *parts_table(b), *answers_table(b.get("answers")), *_recall(b)]
    lines += [*_extraction(b["extraction"]), *_cost(b)]
    return "\n".join(lines + _scale(results.get("scale"))) + "\n"


def answers_table(answers: dict | None) -> list[str]:
    """Answer-level metrics of MedGraph's reader, per development part."""
    if not answers:
        return []
    lines = [
        "## Answers (MedGraph reader)",
        "",
        "| part | value accuracy | list completeness | abstention (traps, absent items) | "
        "safety mention (drug questions) |",
        "|---|---|---|---|---|",
    ]
    for part, kinds in answers.items():
        cells = [
            _share(kinds["value"], "right"), _share(kinds["list"], "items"),
            _share(kinds["abstain"], "right"), _share(kinds["drug"], "right"),
        ]  # fmt: skip
        lines.append(f"| {part} | " + " | ".join(cells) + " |")
    return [*lines, "", *failure_table(answers)]


def failure_table(answers: dict | None) -> list[str]:
    """Where wrong values and left-out list items were lost (memory/evaluation/failures.py),
    counted per part: the only view of the check part's misses."""
    if not answers:
        return []
    parts = list(answers)
    lines = [
        "Why answers miss (wrong value answers; list items left out):",
        "",
        "| kind of miss | " + " | ".join(parts) + " |",
        "|---|" + "---|" * len(parts),
    ]
    for kind, names in (("value", VALUE_KINDS), ("list", LIST_KINDS)):
        for name in names:
            cells = [str(answers[p][kind].get("why", {}).get(name, 0)) for p in parts]
            lines.append(f"| {kind}: {name} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def _share(kind: dict, key: str) -> str:
    if key == "items" and kind.get("total_items"):
        counts = f"{kind['found_items']}/{kind['total_items']} items, "
        return f"{pct(kind[key])} ({counts}n={kind['questions']})"
    return f"{pct(kind[key])} (n={kind['questions']})"


def _systems(b: dict) -> list[str]:
    lines = [
        "## Results by system",
        "",
        "| system | pollution (entries) | pollution (questions) | safety missing | "
        "retrieval p50 / p95 ms |",
        "|---|---|---|---|---|",
    ]
    for name, s in b["systems"].items():
        lines.append(
            f"| {name} | {_ratio(s['pollution_entries'])} | "
            f"{_ratio(s['pollution_questions'])} | {_ratio(s['safety_missing'])} | "
            f"{s['retrieval_p50_ms']:.1f} / {s['retrieval_p95_ms']:.1f} |"
        )
    mg = b["systems"].get("MedGraph")
    if mg:
        lines += [
            "",
            "MedGraph by its own labels (facts labelled other than the patient, raw text "
            f"from sessions it classified as not the patient's): entries "
            f"{_ratio(mg['label_pollution_entries'])}, questions "
            f"{_ratio(mg['label_pollution_questions'])}. Pollution above is judged against "
            "the gold subject of each entry's source session, for every system alike.",
        ]
    lines += ["", "Safety items missing from MedGraph's reader context (every miss):", ""]
    missed = b["systems"].get("MedGraph", {}).get("safety_missed_items", [])
    lines += [f"- {x}" for x in missed] or ["- none"]
    lines += ["", "Examples of polluted entries (first of the run):", ""]
    for name, s in b["systems"].items():
        lines += [f"- {name}: {x}" for x in list(dict.fromkeys(s["polluted_examples"]))[:3]]
    return lines


def _cell(r: dict | None) -> str:
    return "–" if not r else _ratio(r)


def _ok(r: dict | None) -> str:
    return "–" if not r else f"{pct(r['value'])} ({r['ok']}/{r['total']})"


def _recall_cell(part: dict, kind: str) -> str:
    figures = part["systems"].get("MedGraph", {})
    n = figures.get("n_by_kind", {}).get(kind, 0)
    return f"{pct(figures.get('recall', {}).get(kind))} (n={n})"


def parts_table(b: dict) -> list[str]:
    """The key figures of the tuning part and the check part, side by side."""
    parts = b.get("parts") or {}
    if not parts:
        return []
    names = list(parts)
    head = " | ".join(f"{p} ({parts[p]['histories']} histories)" for p in names)
    lines = [
        "## Tuning part and check part",
        "",
        "Rules are written from tuning records only; of the check part only these "
        "aggregates are read (memory/evaluation/splits.py).",
        "",
        f"| figure | {head} |",
        "|---|" + "---|" * len(names),
    ]

    def row(label: str, get: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(get(parts[p]) for p in names) + " |")

    for system in parts[names[0]]["systems"]:
        row(
            f"{system}: pollution (entries)",
            lambda x, s=system: _cell(x["systems"].get(s, {}).get("pollution_entries")),
        )
        row(
            f"{system}: pollution (questions)",
            lambda x, s=system: _cell(x["systems"].get(s, {}).get("pollution_questions")),
        )
        for unit in ("entries", "questions"):
            row(
                f"{system}: pollution ({unit}), session-level gold",
                lambda x, s=system, u=unit: _cell(
                    x["systems"].get(s, {}).get(f"session_gold_pollution_{u}")
                ),
            )
    row(
        "MedGraph: label pollution (entries)",
        lambda x: _cell(x["systems"].get("MedGraph", {}).get("label_pollution_entries")),
    )
    for kind in KINDS:
        row(f"MedGraph recall: {kind}", lambda x, k=kind: _recall_cell(x, k))
    sources = sorted({src for p in names for src in parts[p]["extraction"]["attribution"]})
    for src in sources:
        row(f"attribution: {src}", lambda x, s=src: _ok(x["extraction"]["attribution"].get(s)))
    sources = sorted({src for p in names for src in parts[p]["extraction"]["clean_sessions"]})
    for src in sources:
        row(
            f"relative sessions with no patient fact: {src}",
            lambda x, s=src: _ok(x["extraction"]["clean_sessions"].get(s)),
        )
    return [*lines, "", *_causes_table(parts)]  # fmt: skip


def _causes_table(parts: dict) -> list[str]:
    """MedGraph's polluted entries counted by cause and corpus, per part (aggregates only)."""
    names = list(parts)
    counts = {p: parts[p]["systems"].get("MedGraph", {}).get("pollution_causes", {}) for p in names}
    causes = sorted({c for p in names for c in counts[p]})
    if not causes:
        return []
    lines = [
        "MedGraph's polluted entries by cause:",
        "",
        "| cause | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for c in causes:
        lines.append(f"| {c} | " + " | ".join(str(counts[p].get(c, 0)) for p in names) + " |")
    return [*lines, ""]


def _recall(b: dict) -> list[str]:
    counts = next(iter(b["systems"].values()))["n_by_kind"]
    lines = [
        "",
        "## Recall by question kind",
        "",
        "| system | " + " | ".join(f"{k} (n={counts[k]})" for k in KINDS) + " |",
        "|---|" + "---|" * len(KINDS),
    ]
    for name, s in b["systems"].items():
        lines.append(f"| {name} | " + " | ".join(pct(s["recall"][k]) for k in KINDS) + " |")
    lines += [
        "",
        "Recall = share of gold items found in the reader context (normalized string or "
        "lexicon match). For *relatives* (traps) it is the share of questions whose context "
        "has no entry from someone else's session about the asked item.",
        "",
        "![recall by kind](eval_recall.png)",
        "",
    ]
    return lines


def _extraction(ex: dict) -> list[str]:
    lines = [
        "## Extraction against the notes",
        "",
        "| fact type | recall | precision |",
        "|---|---|---|",
    ]
    for t, c in sorted(ex["types"].items()):
        lines.append(
            f"| {t} | {pct(c['recall'])} ({c['tp']}/{c['gold']}) | "
            f"{pct(c['precision'])} ({c['pred_ok']}/{c['pred']}) |"
        )
    lines += [
        "",
        "| attribution (facts about someone else's items stored under that person) | accuracy |",
        "|---|---|",
    ]
    for src, a in sorted(ex["attribution"].items()):
        lines.append(f"| {src} | {pct(a['value'])} ({a['ok']}/{a['total']}) |")
    lines += ["", "| sessions about a relative with no fact stored under the patient | share |",
              "|---|---|"]  # fmt: skip
    for src, a in sorted(ex.get("clean_sessions", {}).items()):
        lines.append(f"| {src} | {pct(a['value'])} ({a['ok']}/{a['total']}) |")
    return [*lines, ""]


def _cost(b: dict) -> list[str]:
    i, t = b["ingest"], b["medgraph_total_ms"]
    return [
        "## Cost",
        "",
        f"Construction per session (offline extractor + write + index, no LLM call): mean "
        f"{i['construct_ms_mean']:.0f} ms, p50 {i['construct_ms_p50']:.0f} ms, p95 "
        f"{i['construct_ms_p95']:.0f} ms over {i['sessions_constructed']} sessions; "
        f"failed: {len(i['failed'])}; storing the raw session: "
        f"{i.get('store_ms_per_session', 0):.0f} ms.  ",
        f"MedGraph question latency without the reader (retrieval + profile + rendering): "
        f"p50 {t['p50']:.1f} ms, p95 {t['p95']:.1f} ms.",
        "",
    ]


def _scale(scale: dict | None) -> list[str]:
    lines = ["## Scale", ""]
    if not scale:
        return [*lines, "Not run (`medgraph eval --scale 1x30,1x300,10x30`).", ""]
    lines += [
        "| patients × sessions | ingest ms/session | retrieval p50 / p95 ms | "
        "BM25 raw p50 ms | database size MB | wall s |",
        "|---|---|---|---|---|---|",
    ]
    for row in scale["rows"]:
        lines.append(
            f"| {row['patients']} × {row['sessions']} | {row['ingest_ms_per_session']:.0f} "
            f"| {row['retrieval_p50_ms']:.1f} / {row['retrieval_p95_ms']:.1f} | "
            f"{row['bm25_p50_ms']:.1f} | {row['db_mb']:.1f} | {row['wall_s']:.0f} |"
        )
    lines += ["", scale.get("note", ""), "", "![latency vs history length](eval_scale.png)", ""]
    return lines


def write(results: dict, out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "eval.md", out_dir / "eval_results.json"]
    paths[0].write_text(render(results), encoding="utf-8")
    paths[1].write_text(json.dumps(results, indent=1, default=str), encoding="utf-8")
    return paths + _plots(results, out_dir)


def _plots(results: dict, out_dir: Path) -> list[Path]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # plots are optional; the markdown stands alone
        return []
    paths = [_recall_plot(plt, results["benchmark"]["systems"], out_dir)]
    if results.get("scale"):
        paths.append(_scale_plot(plt, results["scale"]["rows"], out_dir))
    return paths


def _recall_plot(plt: Any, systems: dict, out_dir: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / max(1, len(systems))
    for k, (name, s) in enumerate(systems.items()):
        xs = [i + k * width for i in range(len(KINDS))]
        ax.bar(xs, [100 * (s["recall"][kind] or 0) for kind in KINDS], width, label=name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(KINDS))], KINDS)
    ax.set_ylabel("recall %")
    ax.set_ylim(0, 119)
    ax.legend(fontsize=8, loc="upper center", ncol=len(systems), frameon=False)
    fig.tight_layout()
    fig.savefig(out_dir / "eval_recall.png", dpi=90)
    plt.close(fig)
    return out_dir / "eval_recall.png"


def _scale_plot(plt: Any, rows: list[dict], out_dir: Path) -> Path:
    fig, ax = plt.subplots(figsize=(6, 3.4))
    for key, label in (
        ("retrieval_p50_ms", "MedGraph retrieval p50"),
        ("retrieval_p95_ms", "MedGraph retrieval p95"),
        ("ingest_ms_per_session", "ingest per session"),
    ):
        pts = sorted((r["sessions"], r[key]) for r in rows if r["patients"] == 1)
        if pts:
            ax.plot(*zip(*pts, strict=True), marker="o", label=label)
    ax.set_xscale("log")
    ax.set_xlabel("sessions in the patient's history")
    ax.set_ylabel("ms")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "eval_scale.png", dpi=90)
    plt.close(fig)
    return out_dir / "eval_scale.png"
