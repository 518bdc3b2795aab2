"""scripts/setup's search for a Python 3.12+, run in bash with no Python on PATH."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

SETUP = Path(__file__).resolve().parent.parent / "scripts" / "setup"


def find_python(home: Path, path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Only the script's two functions, then find_python, in a bash with the given PATH."""
    text = SETUP.read_text(encoding="utf-8")
    pattern = r"^is_312_plus\(\) \{.*?^\}\n\nfind_python\(\) \{.*?^\}\n"
    functions = re.search(pattern, text, re.S | re.M)
    assert functions is not None
    return subprocess.run(
        ["/bin/bash", "-c", functions.group(0) + "find_python"],
        env={"PATH": str(path), "HOME": str(home), **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def a_pyenv_python(root: Path) -> Path:
    python = root / "versions" / "3.12.7" / "bin" / "python3"
    python.parent.mkdir(parents=True)
    python.symlink_to(sys.executable)
    return python


def test_setup_finds_pyenvs_python_in_the_users_own_home(tmp_path: Path) -> None:
    home = tmp_path / "someone"
    python = a_pyenv_python(home / ".pyenv")

    found = find_python(home, tmp_path / "empty")

    assert found.stdout.strip() == str(python)


def test_setup_finds_pyenvs_python_under_pyenv_root(tmp_path: Path) -> None:
    python = a_pyenv_python(tmp_path / "elsewhere")

    found = find_python(tmp_path, tmp_path / "empty", PYENV_ROOT=str(tmp_path / "elsewhere"))

    assert found.stdout.strip() == str(python)


def test_setup_asks_pyenv_itself_for_its_root(tmp_path: Path) -> None:
    python = a_pyenv_python(tmp_path / "asked")
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    pyenv = bin_folder / "pyenv"
    pyenv.write_text(f'#!/bin/sh\n[ "$1" = root ] && echo {tmp_path / "asked"}\n')
    pyenv.chmod(0o755)

    found = find_python(tmp_path, bin_folder, PYENV_ROOT=str(tmp_path / "not-this-one"))

    assert found.stdout.strip() == str(python)


def test_setup_skips_a_pyenv_python_that_does_not_run(tmp_path: Path) -> None:
    broken = tmp_path / ".pyenv" / "versions" / "3.12.0" / "bin" / "python3"
    broken.parent.mkdir(parents=True)
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)

    found = find_python(tmp_path, tmp_path / "empty")

    assert str(broken) not in found.stdout
    assert os.access(broken, os.X_OK)


def test_serve_refuses_an_unknown_flag_before_setting_anything_up() -> None:
    done = subprocess.run(
        ["/bin/bash", str(SETUP.with_name("serve")), "--wan"],
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert done.returncode == 2
    assert done.stderr == "usage: scripts/serve [--lan]\n"
    assert done.stdout == ""


def a_fake_apt_get(folder: Path, locked_times: int) -> Path:
    """An apt-get on PATH that finds the lock held ``locked_times`` times, then works;
    it writes its arguments to calls.txt, one call a line."""
    folder.mkdir()
    fake = folder / "apt-get"
    fake.write_text(
        "#!/bin/bash\n"
        f'echo "$*" >> {folder}/calls.txt\n'
        f"calls=$(wc -l < {folder}/calls.txt)\n"
        f'if [ "$calls" -le {locked_times} ]; then\n'
        '    echo "E: Could not get lock /var/lib/apt/lists/lock. held by process 7" >&2\n'
        "    exit 100\n"
        "fi\n"
        'echo "installed"\n'
    )
    fake.chmod(0o755)
    return folder


def apt_get(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["/bin/bash", str(SETUP.with_name("apt-get")), *args],
        env={"PATH": f"{folder}:/usr/bin:/bin", "APT_LOCK_POLL": "0", **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_apt_get_waits_for_another_apts_lock(tmp_path: Path) -> None:
    folder = a_fake_apt_get(tmp_path / "bin", locked_times=3)

    done = apt_get(folder, "install", "-y", "chromium")

    assert done.returncode == 0, done.stderr
    assert done.stdout == "installed\n"
    assert "holds its lock: waiting for it" in done.stderr
    calls = (folder / "calls.txt").read_text().splitlines()
    assert calls == ["-o DPkg::Lock::Timeout=600 install -y chromium"] * 4


@pytest.mark.slow
def test_apt_get_gives_up_after_the_wait_with_apts_own_failure(tmp_path: Path) -> None:
    folder = a_fake_apt_get(tmp_path / "bin", locked_times=1000)

    done = apt_get(folder, "update", APT_LOCK_WAIT="3", APT_LOCK_POLL="1")

    assert done.returncode == 100
    assert "Could not get lock" in done.stderr
    assert len((folder / "calls.txt").read_text().splitlines()) == 4


def test_apt_get_does_not_wait_on_any_other_failure(tmp_path: Path) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "apt-get").write_text(
        "#!/bin/bash\necho 'E: Unable to locate package x' >&2\nexit 100\n"
    )
    (folder / "apt-get").chmod(0o755)

    done = apt_get(folder, "install", "x")

    assert done.returncode == 100
    assert done.stderr == "E: Unable to locate package x\n"


def script(name: str, **env: str) -> subprocess.CompletedProcess[str]:
    """A script of scripts/ run with the environment given and little else."""
    return subprocess.run(
        ["/bin/bash", str(SETUP.with_name(name))],
        env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_prod_refuses_to_start_without_a_secret_key_before_setting_anything_up() -> None:
    done = script("prod", ALLOWED_HOSTS="scores.example.com")

    assert done.returncode == 1
    assert done.stderr.startswith("scripts/prod: SECRET_KEY must be set")
    assert done.stdout == ""


@pytest.mark.parametrize(
    "key",
    [
        "<50 or more random characters>",  # docs/deployment.md's example, copied as it is
        "django-insecure-scorepad-local-only",
        "django-insecure-" + "k3Jx9vQ2mZtR7wLp4sHc8yNe1uBa6dGf0oXi5jVq2Kz7",
        "short-but-random-9vQ2mZ",
        "abab" * 20,
    ],
)
def test_prod_refuses_to_start_with_the_example_or_a_weak_secret_key(key: str) -> None:
    done = script("prod", SECRET_KEY=key, ALLOWED_HOSTS="scores.example.com")

    assert done.returncode == 1
    assert done.stderr.startswith("scripts/prod: SECRET_KEY is the example's, a local one or too")
    assert "secrets.token_urlsafe(50)" in done.stderr
    assert done.stdout == ""


def test_prod_lets_a_random_secret_key_through_to_its_setup(tmp_path: Path) -> None:
    # A bash of our own on PATH stands in for scripts/setup: reached, it stops there.
    (tmp_path / "bash").write_text('#!/bin/sh\necho "setup $*"\nexit 3\n')
    (tmp_path / "bash").chmod(0o755)
    done = subprocess.run(
        ["/bin/bash", str(SETUP.with_name("prod"))],
        env={
            "PATH": f"{tmp_path}:{os.environ['PATH']}",
            "SECRET_KEY": "k3Jx-9vQ2mZ_tR7wLp4sHc8yNe1uBa6dGf0oXi5jVq2Kz7WnTr3Ys9Ub",
            "ALLOWED_HOSTS": "scores.example.com",
        },
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert done.returncode == 3
    assert done.stdout.startswith("setup scripts/setup prod")
    assert done.stderr == ""


def test_home_takes_its_hosts_from_the_network_not_allowed_hosts() -> None:
    done = script("home", ALLOWED_HOSTS="scores.example.com")

    assert done.returncode == 1
    assert "name more in SCOREPAD_LAN_HOSTS" in done.stderr
    assert done.stdout == ""


def setup_missing(folder: Path, lock: Path) -> subprocess.CompletedProcess[str]:
    """setup's missing(): the pins of ``lock`` that the .venv in ``folder`` lacks."""
    text = SETUP.read_text(encoding="utf-8")
    function = re.search(r"^missing\(\) \{.*?^\}\n", text, re.S | re.M)
    assert function is not None
    return subprocess.run(
        ["/bin/bash", "-c", f"lock={lock}\n{function.group(0)}missing"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_switch_between_serve_and_home_installs_nothing() -> None:
    # scripts/serve installs the dev lock, scripts/home the runtime one into the same .venv:
    # the dev lock's install holds every pin of the runtime lock.
    root = SETUP.parent.parent

    dev = setup_missing(root, root / "requirements-dev.lock")
    runtime = setup_missing(root, root / "requirements.lock")

    assert (dev.returncode, dev.stdout) == (0, ""), "run bash scripts/setup: " + dev.stdout
    assert (runtime.returncode, runtime.stdout) == (0, ""), runtime.stdout + runtime.stderr


def test_setup_installs_what_the_lock_pins_and_the_venv_lacks(tmp_path: Path) -> None:
    (tmp_path / ".venv").symlink_to(SETUP.parent.parent / ".venv")
    lock = tmp_path / "some.lock"
    pytest_version = subprocess.run(
        [str(tmp_path / ".venv/bin/python"), "-c", "import pytest; print(pytest.__version__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    lock.write_text(
        f"Django==0.9.1 \\\n    --hash=sha256:00\n    # via x\n"
        f"pytest=={pytest_version} \\\n    --hash=sha256:00\nno-such_package==1.0 \\\n"
    )

    done = setup_missing(tmp_path, lock)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["Django==0.9.1", "no-such_package==1.0"]


def test_with_no_python_312_setup_says_where_one_comes_from_and_stops_for_good(
    tmp_path: Path,
) -> None:
    if any(Path("/usr/local/bin").glob("python3.1[2-9]")) or any(
        Path("/usr/bin").glob("python3.1[2-9]")
    ):
        pytest.skip("this machine has a Python 3.12+ where setup always looks")
    (tmp_path / "scripts").mkdir()
    copy = tmp_path / "scripts" / "setup"
    copy.write_text(SETUP.read_text())
    only_311 = tmp_path / "bin"
    only_311.mkdir()
    for name in ("python3", "python3.12", "python3.13"):  # say, a shim with nothing behind it
        (only_311 / name).write_text("#!/bin/sh\nexit 1\n")
        (only_311 / name).chmod(0o755)

    done = subprocess.run(
        ["/bin/bash", str(copy)],
        env={"PATH": f"{only_311}:/usr/bin:/bin", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 78  # deploy/scorepad.service does not start it again
    assert "no Python 3.12 or newer found" in done.stderr
    assert "Raspberry Pi OS 12 (bookworm) come with Python 3.11" in done.stderr
    assert '"Python 3.12 on Debian 12 or a Raspberry' in done.stderr
    assert not (tmp_path / ".venv").exists()


def test_the_service_is_not_restarted_when_setup_finds_no_python() -> None:
    unit = (SETUP.parent.parent / "deploy" / "scorepad.service").read_text()

    assert "exit 78" in SETUP.read_text()
    assert re.search(r"^RestartPreventExitStatus=78$", unit, re.M)


def test_the_page_setup_points_to_says_where_a_python_312_comes_from() -> None:
    page = (SETUP.parent.parent / "docs" / "home-server.md").read_text()

    assert "\n## Python 3.12 on Debian 12 or a Raspberry Pi\n" in page
    assert "uv python install 3.12" in page


# A Debian Python with no python3.X-venv: `-m venv` makes .venv/bin/python, with no pip
# in it, says so and fails, until its venv package is there (the file "installed").
DEBIAN = f"python3.{sys.version_info[1]}"
DEBIAN_PYTHON = """#!/bin/bash
if [ "$1 $2" = "-m venv" ]; then
    mkdir -p "$3/bin"
    if [ -e {folder}/installed ]; then
        cp {folder}/whole-python "$3/bin/python"
        exit 0
    fi
    printf '#!/bin/bash\\ncase "$*" in *"import pip"*) exit 1;; esac\\nexec {real} "$@"\\n' \\
        >"$3/bin/python"
    chmod +x "$3/bin/python"
    echo "The virtual environment was not created successfully because ensurepip is not"
    echo "available.  On Debian/Ubuntu systems, you need to install the python3-venv"
    exit 1
fi
exec {real} "$@"
"""
# A whole .venv's Python: version and pip checks pass; it writes what pip is asked to
# do (and each requirement file's text) to pip.txt; setup's missing() gets MISSING.
WHOLE_PYTHON = """#!/bin/bash
case "$1" in
    -c) exit 0 ;;
    -) cat >/dev/null; printf '%s' "$MISSING"; exit 0 ;;
esac
echo "$*" >>{folder}/pip.txt
while [ $# -gt 0 ]; do
    if [ "$1" = --requirement ]; then cat "$2" >>{folder}/pip.txt; fi
    shift
done
"""


def a_debian_machine(tmp_path: Path, *, root: bool, apt_installs: bool) -> Path:
    """A copy of the project's scripts and locks, and a folder for PATH holding a
    python3.X (this one's version) as Debian's is without its venv package, an apt-get
    (that installs it, or fails) writing its arguments to apt.txt, and ``id`` saying
    who runs setup."""
    project = SETUP.parent.parent
    (tmp_path / "scripts").mkdir()
    for name in ("setup", "apt-get"):
        shutil.copy(project / "scripts" / name, tmp_path / "scripts" / name)
    for name in ("requirements.lock", "requirements-dev.lock"):
        shutil.copy(project / name, tmp_path / name)
    folder = tmp_path / "bin"
    folder.mkdir()
    programs = {
        DEBIAN: DEBIAN_PYTHON.format(folder=folder, real=sys.executable),
        "whole-python": WHOLE_PYTHON.format(folder=folder),
        "apt-get": f'#!/bin/bash\necho "$*" >>{folder}/apt.txt\n'
        + (f"touch {folder}/installed\n" if apt_installs else "exit 100\n"),
        "id": f"#!/bin/sh\necho {0 if root else 1000}\n",
    }
    for name, text in programs.items():
        (folder / name).write_text(text)
        (folder / name).chmod(0o755)
    return folder


def run_setup(
    tmp_path: Path, folder: Path, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["/bin/bash", str(tmp_path / "scripts" / "setup"), *args],
        env={"PATH": f"{folder}:/usr/bin:/bin", "HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_setup_names_the_venv_package_a_debian_python_lacks_and_stops_for_good(
    tmp_path: Path,
) -> None:
    folder = a_debian_machine(tmp_path, root=False, apt_installs=True)

    done = run_setup(tmp_path, folder)

    assert done.returncode == 78  # deploy/scorepad.service does not start it again
    assert "cannot make a .venv with pip in it. venv said:" in done.stderr
    assert "    The virtual environment was not created successfully" in done.stderr
    assert f"sudo apt-get install {DEBIAN}-venv" in done.stderr
    assert not (tmp_path / ".venv").exists()  # nothing half-made for the next run to take
    assert not (folder / "apt.txt").exists()


def test_setup_as_root_installs_the_venv_package_a_debian_python_lacks(tmp_path: Path) -> None:
    folder = a_debian_machine(tmp_path, root=True, apt_installs=True)

    done = run_setup(tmp_path, folder)

    assert done.returncode == 0, done.stderr
    assert f"installing {DEBIAN}-venv" in done.stdout
    asked = (folder / "apt.txt").read_text().splitlines()
    assert [line.split(" ", 2)[2] for line in asked[:2]] == [  # then Pango, if missing
        "update -qq",
        f"install -y -qq {DEBIAN}-venv",
    ]
    assert (tmp_path / ".venv" / "bin" / "python").read_text() == WHOLE_PYTHON.format(folder=folder)


def test_setup_as_root_stops_for_good_when_apt_cannot_install_the_venv_package(
    tmp_path: Path,
) -> None:
    folder = a_debian_machine(tmp_path, root=True, apt_installs=False)

    done = run_setup(tmp_path, folder)

    assert done.returncode == 78
    assert f"sudo apt-get install {DEBIAN}-venv" in done.stderr
    assert not (tmp_path / ".venv").exists()


def test_setup_makes_again_a_venv_an_earlier_run_left_without_pip(tmp_path: Path) -> None:
    folder = a_debian_machine(tmp_path, root=False, apt_installs=True)
    run_setup(tmp_path, folder)
    halfway = subprocess.run(
        ["/bin/bash", str(folder / DEBIAN), "-m", "venv", str(tmp_path / ".venv")],
        capture_output=True,
    )
    assert halfway.returncode == 1 and (tmp_path / ".venv" / "bin" / "python").exists()
    (folder / "installed").touch()  # `sudo apt-get install python3.X-venv`, by hand

    done = run_setup(tmp_path, folder)

    assert done.returncode == 0, done.stderr
    assert "creating .venv" in done.stdout
    assert (tmp_path / ".venv" / "bin" / "python").read_text() == WHOLE_PYTHON.format(folder=folder)


def test_setup_installs_pip_and_setuptools_as_the_lock_pins_them_not_the_newest(
    tmp_path: Path,
) -> None:
    folder = a_debian_machine(tmp_path, root=False, apt_installs=True)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    shutil.copy(folder / "whole-python", tmp_path / ".venv" / "bin" / "python")

    done = run_setup(tmp_path, folder, "prod", MISSING="Django==6.0.1")

    assert done.returncode == 0, done.stderr
    asked = (folder / "pip.txt").read_text()
    assert "--upgrade" not in asked
    tools, lock, project = [line for line in asked.splitlines() if line.startswith("-m pip")]
    assert "--require-hashes" in tools and "--require-hashes" in lock
    dev_lock = (SETUP.parent.parent / "requirements-dev.lock").read_text()
    for name in ("pip", "setuptools"):
        pin = re.search(rf"^{name}==\S+ \\\n(    --hash=\S+(?: \\)?\n)+", dev_lock, re.M)
        assert pin is not None
        assert pin.group(0) in asked  # the version with its hashes, before the lock
    assert asked.index("setuptools==") < asked.index("-m pip install", asked.index(lock))
    assert lock.endswith("--requirement requirements.lock")
    # The project is built with that setuptools, not one fetched for the build.
    assert "--no-build-isolation" in project and project.endswith("--editable .")


def a_project_whose_python_says_what_it_was_given(tmp_path: Path) -> Path:
    """A copy of scripts/manage in a folder whose .venv/bin/python writes its folder,
    its arguments and the settings it was given, one a line."""
    (tmp_path / "scripts").mkdir(parents=True)
    shutil.copy(SETUP.with_name("manage"), tmp_path / "scripts" / "manage")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(
        '#!/bin/bash\npwd\necho "$*"\n'
        'echo "DATABASE_URL=$DATABASE_URL"\necho "TIME_ZONE=$TIME_ZONE"\necho "PORT=$PORT"\n'
    )
    python.chmod(0o755)
    return tmp_path


def manage(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["/bin/bash", str(folder / "scripts" / "manage"), *args],
        cwd="/",
        env={"PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_manage_runs_manage_py_with_the_services_settings(tmp_path: Path) -> None:
    folder = a_project_whose_python_says_what_it_was_given(tmp_path / "scorepad")
    settings = tmp_path / "default-scorepad"
    settings.write_text(
        "# Scorepad's settings (deploy/scorepad.service)\n"
        "\n"
        'DATABASE_URL="postgres://scorepad:a secret@127.0.0.1:5432/scorepad"\n'
        "  TIME_ZONE = Europe/Amsterdam\n"
        "; PORT=9000\n"
        "PORT='8080'"  # no newline at the end
    )

    done = manage(folder, "backup_games", "/var/backups/scorepad", SCOREPAD_ENV_FILE=str(settings))

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        str(folder),
        "manage.py backup_games /var/backups/scorepad",
        "DATABASE_URL=postgres://scorepad:a secret@127.0.0.1:5432/scorepad",
        "TIME_ZONE=Europe/Amsterdam",
        "PORT=8080",
    ]


def test_manage_without_the_settings_file_runs_with_the_environment_as_it_is(
    tmp_path: Path,
) -> None:
    folder = a_project_whose_python_says_what_it_was_given(tmp_path)

    done = manage(folder, "migrate", SCOREPAD_ENV_FILE=str(tmp_path / "none"), PORT="8001")

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == [
        "manage.py migrate",
        "DATABASE_URL=",
        "TIME_ZONE=",
        "PORT=8001",
    ]


def test_manage_refuses_a_settings_line_that_is_not_a_setting(tmp_path: Path) -> None:
    folder = a_project_whose_python_says_what_it_was_given(tmp_path)
    (tmp_path / "settings").write_text("PORT=8080\nexport DEBUG\n")

    done = manage(folder, "migrate", SCOREPAD_ENV_FILE=str(tmp_path / "settings"))

    assert done.returncode == 1
    assert done.stderr == (
        f"scripts/manage: {tmp_path / 'settings'}, line 2 is not NAME=value: export DEBUG\n"
    )
    assert done.stdout == ""


@pytest.mark.skipif(shutil.which("ss") is None, reason="no ss (iproute2) to ask")
def test_serve_lan_says_which_program_holds_its_port_before_printing_an_address() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]

        done = subprocess.run(
            ["/bin/bash", str(SETUP.with_name("serve")), "--lan"],
            env={"PATH": os.environ["PATH"], "PORT": str(port)},
            capture_output=True,
            text=True,
            timeout=30,
        )

    assert done.returncode == 1
    assert done.stdout == ""  # no address, no QR code
    name = Path("/proc/self/comm").read_text().strip()  # as ps names it
    assert done.stderr == (
        f"scripts/serve: port {port} is in use by {name} (process {os.getpid()}): stop that,"
        f" or choose another port (PORT={port + 1} bash scripts/serve --lan).\n"
    )


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs a command as another user")
def test_manage_run_as_root_runs_as_the_owner_of_the_project_as_the_service_does(
    tmp_path: Path,
) -> None:
    folder = a_project_whose_python_says_what_it_was_given(tmp_path / "scorepad")
    python = folder / ".venv" / "bin" / "python"
    python.write_text('#!/bin/bash\nid -u\necho "$HOME"\n')
    nobody = 65534  # the service's own user, as far as this test goes
    for path in (folder, *folder.rglob("*")):
        os.chown(path, nobody, nobody)

    done = manage(folder, "backup_games", SCOREPAD_ENV_FILE=str(tmp_path / "none"))

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(nobody), str(folder)]
