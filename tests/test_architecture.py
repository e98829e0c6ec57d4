"""The house's rules, checked on every run: apps sit on floors (settings.INSTALLED_APPS lists ours from the ground
up) and an app imports only the apps below it, even inside a function; no module grows past 450 lines.

An app may hold others (`matches` holds `matches.scoring`, ...): a module belongs to the deepest app whose folder
holds it, so a nested app is an app of its own, on its own floor, and its files count for it alone."""

import ast
from pathlib import Path

from django.conf import settings

from tests.project import our_apps

ROOT = Path(settings.BASE_DIR)
MAX_LINES = 450


def modules(app):
    """The app's own Python files: migrations aside (they record history, not the house), and the files of the
    apps nested in it (they are theirs)."""
    nested = [Path(other.path) for other in our_apps() if Path(other.path).parent.is_relative_to(Path(app.path))]
    return [
        path
        for path in Path(app.path).rglob("*.py")
        # makemessages (tests/test_translations.py, in another worker) briefly writes a template's text as a .py
        # beside it: no module of ours lives in a templates folder.
        if not {"migrations", "templates", "jinja2"} & set(path.parts)
        and not any(path.is_relative_to(folder) for folder in nested)
    ]


def owner(module, names):
    """The deepest of our apps (by dotted name) that the dotted module name lies in, or None."""
    holders = [name for name in names if module == name or module.startswith(name + ".")]
    return max(holders, key=len, default=None)


def imported_apps(path, names):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules_named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # `from matches import scoring` names the nested app, not only the wing
            modules_named = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in modules_named:
            app = owner(name, names)
            if app is not None:
                yield app, node.lineno


def test_apps_import_only_the_floors_below_them():
    floors = [app.name for app in our_apps()]
    wrong = []
    for floor, app in enumerate(our_apps()):
        for path in modules(app):
            for other, line in imported_apps(path, floors):
                if other != app.name and floors.index(other) > floor:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {other}, a floor above {app.name}")
    assert not wrong, "\n".join(wrong)


def test_the_laws_import_nothing_of_ours_but_the_ground_floor():
    rules = next(app for app in our_apps() if app.name == "rules")
    ours = {app.name for app in our_apps()} - {"core", "rules"}
    assert not [(path.name, other) for path in modules(rules) for other, _ in imported_apps(path, ours)]


def test_no_module_is_over_450_lines():
    paths = [path for app in our_apps() for path in modules(app)] + list((ROOT / "config").glob("*.py"))
    long = {str(path.relative_to(ROOT)): n for path in paths if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def test_the_ground_floor_comes_first():
    assert [app.name for app in our_apps()][:2] == ["core", "rules"]


def test_no_app_holds_more_than_a_quarter_of_the_code():
    lines = {app.name: sum(len(path.read_text().splitlines()) for path in modules(app)) for app in our_apps()}
    total = sum(lines.values())
    assert {name: n for name, n in lines.items() if n > total / 4} == {}


def test_the_top_level_reads_as_the_design_names_it():
    for name in ("manage.py", "tournaments", "matches", "rules", "protests", "requirements.txt", "tests"):
        assert (ROOT / name).exists(), name


def test_a_nested_app_keeps_the_label_it_had_at_the_top():
    """Its tables, migrations, content types and permissions are recorded under its label: moving it into a wing
    must not change it."""
    nested = [app for app in our_apps() if "." in app.name]
    assert nested
    assert {app.name: app.label for app in nested} == {app.name: app.name.rsplit(".", 1)[1] for app in nested}
