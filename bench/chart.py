"""The concurrency-scaling chart (matplotlib, Agg: no screen needed)."""

from __future__ import annotations

from pathlib import Path


def scaling_chart(
    path: Path, points: list[tuple[int, float]], latency: float, cap: float, floor: float = 0.8
) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    workers = [w for w, _ in points]
    xs = sorted({1, *workers, max(workers) * 2, cap * latency})  # incl. the kink
    ideal = [min(w / latency, cap) for w in xs]
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    label = f"ideal: min(workers ÷ {latency * 1000:.0f} ms, {cap:,.0f}/s)"
    ax.plot(xs, ideal, "--", color="grey", label=label)
    band = f"target band (≥ {floor:.0%} of ideal)"
    ax.fill_between(xs, [floor * i for i in ideal], ideal, color="grey", alpha=0.15, label=band)
    ax.plot(workers, [r for _, r in points], "o-", color="tab:blue", label="gui_crawler (headless)")
    for w, r in points:
        ax.annotate(f"{r:,.0f}/s", (w, r), textcoords="offset points", xytext=(6, -12), fontsize=8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("workers (max_tasks)")
    ax.set_ylabel("pages per second (steady state)")
    ax.set_title(f"Concurrency scaling, {latency * 1000:.0f} ms per page")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
