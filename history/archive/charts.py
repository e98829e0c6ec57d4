"""A player's rating history as an SVG line chart drawn on the server (the Content-Security-Policy allows no
inline script, and no chart library is needed for a few lines)."""

from dataclasses import dataclass

WIDTH, HEIGHT = 360, 180
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 24  # room for the rate labels on the left and the years below
SERIES_CLASSES = 4  # site.css colours series 0 to 3, then starts again


@dataclass
class Series:
    name: str
    points: str  # the polyline's "x,y x,y ..."
    dots: list  # (x, y, title) of each rate
    css: str


@dataclass
class Chart:
    series: list
    width: int = WIDTH
    height: int = HEIGHT
    y_ticks: list = None  # (y, label)
    x_ticks: list = None  # (x, label)


def history_chart(histories):
    """A Chart of {rating name: [(date, rate, deviation)]}; None without a rate."""
    rates = [rate for history in histories.values() for _, rate, _ in history]
    days = [day for history in histories.values() for day, _, _ in history]
    if not rates:
        return None
    low, high = min(rates), max(rates)
    if high - low < 100:  # a flat line in the middle rather than noise filling the chart
        low, high = low - 50, high + 50
    first, last = min(days).toordinal(), max(days).toordinal()
    span = max(last - first, 1)

    def x(day):
        if last == first:
            return LEFT + (WIDTH - LEFT - RIGHT) / 2
        return LEFT + (day.toordinal() - first) * (WIDTH - LEFT - RIGHT) / span

    def y(rate):
        return TOP + (high - rate) * (HEIGHT - TOP - BOTTOM) / (high - low)

    series = []
    for number, (name, history) in enumerate(histories.items()):
        dots = [
            (round(x(day), 1), round(y(rate), 1), f"{day.isoformat()}: {rate} ± {dev}") for day, rate, dev in history
        ]
        points = " ".join(f"{dx},{dy}" for dx, dy, _ in dots)
        series.append(Series(str(name), points, dots, f"series-{number % SERIES_CLASSES}"))
    y_ticks = [(round(y(value), 1), value) for value in (high, (high + low) // 2, low)]
    years = sorted({day.year for day in days})
    x_ticks = [
        (round(x(min(d for d in days if d.year == year)), 1), year) for year in years[:: max(len(years) // 5, 1)]
    ]
    return Chart(series, y_ticks=y_ticks, x_ticks=x_ticks)
