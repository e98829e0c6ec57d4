"""What deploy/ installs stays whole: the environment template names every setting the project reads, every unit
and container runs deploy/entrypoint.sh with a role it knows, and the nginx site it renders is one nginx accepts.
(The service itself runs from these files in tests/test_several_machines.py.)"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
ENTRYPOINT = DEPLOY / "entrypoint.sh"
# Read from the environment by the test suite only.
NOT_SETTINGS = {"PYTEST_XDIST_WORKER"}
READ = re.compile(r"""environ(?:\.get)?[(\[]\s*["']([A-Z][A-Z0-9_]+)["']|env_(?:flag|list)\(\s*["']([A-Z][A-Z0-9_]+)""")


def names_read_by_the_project():
    names = set()
    for path in ROOT.glob("**/*.py"):
        if {".venv", "tests", "benchmarks"} & set(path.relative_to(ROOT).parts):
            continue
        for found in READ.finditer(path.read_text()):
            names.add(found.group(1) or found.group(2))
    names |= set(re.findall(r"\$\{([A-Z][A-Z0-9_]+):-", ENTRYPOINT.read_text()))
    return names - NOT_SETTINGS - {"CARROM_VENV"}


def test_the_environment_template_names_every_setting():
    template = (DEPLOY / "carrom.env.example").read_text()
    named = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", template, re.M))
    missing = names_read_by_the_project() - named
    assert not missing, f"deploy/carrom.env.example does not name {sorted(missing)}"


def roles():
    return set(re.findall(r"^  ([a-z-]+)\)$", ENTRYPOINT.read_text(), re.M))


def test_the_entrypoint_knows_its_roles_and_refuses_others():
    assert roles() == {"migrate", "web", "worker-deadlines", "worker-news", "beat", "manage"}
    refused = subprocess.run([str(ENTRYPOINT), "dance"], capture_output=True, text=True)
    assert refused.returncode == 2 and "usage:" in refused.stderr


def test_every_unit_and_container_runs_the_entrypoint_with_a_known_role():
    units = sorted((DEPLOY / "systemd").glob("*.service"))
    assert {unit.stem for unit in units} == {f"carrom-{role}" for role in roles() - {"migrate", "manage"}}
    for unit in units:
        started = re.findall(r"^ExecStart(?:Pre)?=/srv/carrom/deploy/entrypoint.sh (\S+)$", unit.read_text(), re.M)
        assert started and set(started) <= roles(), unit.name
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    ours = {name: service for name, service in compose["services"].items() if service.get("image") == "carrom"}
    commands = {service["command"][0] for service in ours.values() if "command" in service}
    assert commands == {"migrate", "web", "worker-deadlines", "worker-news", "beat"}
    assert 'ENTRYPOINT ["deploy/entrypoint.sh"]' in (DEPLOY / "Dockerfile").read_text()


@pytest.mark.skipif(not shutil.which("nginx"), reason="needs nginx (apt-get install nginx)")
def test_the_rendered_nginx_site_is_accepted_by_nginx(tmp_path):
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
         "-subj", "/CN=carrom.example.org", "-keyout", tmp_path / "key.pem", "-out", tmp_path / "cert.pem"],
        check=True, capture_output=True,
    )  # fmt: skip
    site = subprocess.run(
        [DEPLOY / "nginx" / "render.sh"],
        env={
            "PATH": "/usr/bin:/bin",
            "CARROM_SERVER_NAME": "carrom.example.org",
            "CARROM_WEB_SERVERS": "10.0.0.11:8000 10.0.0.12:8000",
            "CARROM_TLS_CERTIFICATE": str(tmp_path / "cert.pem"),
            "CARROM_TLS_CERTIFICATE_KEY": str(tmp_path / "key.pem"),
        },
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "server 10.0.0.11:8000" in site and "server 10.0.0.12:8000" in site and "${" not in site
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in site
    # The monitor's 503 (the database or beat down) is the service's, not a web server's: it must not make nginx
    # take every web server out of rotation, as a page's 503 (a full pool) does.
    health = re.search(r"location /health/ \{(.*?)\}", site, re.S).group(1)
    assert "proxy_next_upstream error timeout;" in health and "http_503" not in health
    (tmp_path / "site.conf").write_text(site)
    temp = " ".join(f"{kind}_temp_path {tmp_path}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi"))
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ access_log off; {temp} scgi_temp_path {tmp_path}/scgi; include {tmp_path}/site.conf; }}\n"
    )
    checked = subprocess.run(
        ["nginx", "-t", "-c", tmp_path / "nginx.conf", "-p", tmp_path], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
