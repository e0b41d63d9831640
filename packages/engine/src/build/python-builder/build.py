"""The Python half of Nimbus's Python builder (index.js runs it inside the build sandbox).

`python3 build.py <request.json> <result.json>`: finds the function's entrypoint and the variable it
serves the way Vercel's builder does (`[tool.vercel] entrypoint = "main:app"` in pyproject.toml, an `app`, `application` or `handler` defined at the top of
app.py, index.py, server.py, main.py, wsgi.py or asgi.py, at the root or in src/, app/ or api/; a
Django project's WSGI_APPLICATION), installs the project's packages with this machine's pip into the
vendor folder, and writes what it found as JSON. Standard library only.
"""

import ast
import json
import os
import re
import subprocess
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11 reads no pyproject.toml or Pipfile
    tomllib = None

ENTRY_NAMES = ["app", "index", "server", "main", "wsgi", "asgi"]
ENTRY_DIRS = ["", "src", "app", "api"]
VARIABLES = ["app", "application", "handler", "Handler"]


class BuildFailure(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_toml(path):
    if tomllib is None or not os.path.isfile(path):
        return {}
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, ValueError) as err:
        raise BuildFailure("PYTHON_INVALID_CONFIG", f"{os.path.basename(path)} could not be read: {err}")


def top_level_names(source):
    """Names a module defines at its top level: assignments, functions, classes and imports."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def served_variable(work, relative):
    try:
        names = top_level_names(read(os.path.join(work, relative)))
    except SyntaxError as err:
        raise BuildFailure("PYTHON_SYNTAX_ERROR", f"{relative} line {err.lineno}: {err.msg}.")
    return next((v for v in VARIABLES if v in names), None)


def django_entrypoint(work):
    """config/wsgi.py and `application` for a project whose manage.py names config.settings."""
    manage = os.path.join(work, "manage.py")
    if not os.path.isfile(manage):
        return None
    found = re.search(r"DJANGO_SETTINGS_MODULE['\"]\s*,\s*['\"]([\w.]+)['\"]", read(manage))
    if not found:
        return None
    settings = os.path.join(work, *found.group(1).split(".")) + ".py"
    if not os.path.isfile(settings):
        return None
    text = read(settings)
    app = re.search(r"^WSGI_APPLICATION\s*=\s*['\"]([\w.]+)['\"]", text, re.M) or re.search(
        r"^ASGI_APPLICATION\s*=\s*['\"]([\w.]+)['\"]", text, re.M
    )
    if not app:
        return None
    module, variable = app.group(1).rsplit(".", 1)
    return {"entrypoint": "/".join(module.split(".")) + ".py", "variable": variable}


def detect(work, entrypoint, framework):
    if entrypoint:
        if not os.path.isfile(os.path.join(work, entrypoint)):
            raise BuildFailure("PYTHON_ENTRYPOINT_NOT_FOUND", f'The Python entrypoint "{entrypoint}" does not exist.')
        variable = served_variable(work, entrypoint)
        if not variable:
            raise BuildFailure(
                "PYTHON_ENTRYPOINT_NOT_FOUND",
                f'{entrypoint} defines no top-level "app", "application" or "handler": define one of them '
                "(a WSGI or ASGI app, or a BaseHTTPRequestHandler class named handler).",
            )
        return {"entrypoint": entrypoint, "variable": variable}
    declared = read_toml(os.path.join(work, "pyproject.toml")).get("tool", {}).get("vercel", {}).get("entrypoint")
    if isinstance(declared, str) and ":" in declared:
        module, variable = declared.split(":", 1)
        return {"entrypoint": "/".join(module.split(".")) + ".py", "variable": variable}
    if framework == "django" or os.path.isfile(os.path.join(work, "manage.py")):
        found = django_entrypoint(work)
        if found:
            return found
    tried = []
    for folder in ENTRY_DIRS:
        for name in ENTRY_NAMES:
            relative = f"{folder}/{name}.py" if folder else f"{name}.py"
            if not os.path.isfile(os.path.join(work, relative)):
                continue
            tried.append(relative)
            variable = served_variable(work, relative)
            if variable:
                return {"entrypoint": relative, "variable": variable}
    if tried:
        raise BuildFailure(
            "PYTHON_ENTRYPOINT_NOT_FOUND",
            f'Found {", ".join(tried[:3])} but none defines a top-level "app", "application" or "handler".',
        )
    raise BuildFailure(
        "PYTHON_ENTRYPOINT_NOT_FOUND",
        "No Python entrypoint was found: add app.py, index.py, server.py, main.py, wsgi.py or asgi.py "
        '(at the root or in src/, app/ or api/) defining a top-level "app".',
    )


def requested_version(work, entry_dir):
    """The Python version the project asks for, and where it says so, or (None, None)."""
    for folder in dict.fromkeys([entry_dir, work]):
        pinned = os.path.join(folder, ".python-version")
        if os.path.isfile(pinned):
            lines = [line.strip() for line in read(pinned).splitlines() if line.strip() and not line.startswith("#")]
            if lines:
                return lines[0], ".python-version"
        project = read_toml(os.path.join(folder, "pyproject.toml")).get("project", {})
        if isinstance(project.get("requires-python"), str):
            return project["requires-python"], "requires-python in pyproject.toml"
        pipfile = read_toml(os.path.join(folder, "Pipfile")).get("requires", {})
        if isinstance(pipfile.get("python_version"), str):
            return pipfile["python_version"], "python_version in Pipfile"
    return None, None


def satisfied(requested):
    """Whether this interpreter meets a `3.12` pin or a `>=3.9,<4` specifier (the common forms)."""
    current = sys.version_info[:3]
    for part in requested.split(","):
        found = re.match(r"\s*(==|>=|<=|~=|!=|>|<)?\s*(\d+(?:\.\d+)*)", part)
        if not found:
            continue
        op, wanted = found.group(1) or "==", tuple(int(n) for n in found.group(2).split("."))
        have = current[: len(wanted)]
        ok = {
            "==": have == wanted,
            "~=": have >= wanted and current[: len(wanted) - 1] == wanted[:-1],
            ">=": have >= wanted,
            "<=": have <= wanted,
            ">": have > wanted,
            "<": have < wanted,
            "!=": have != wanted,
        }[op]
        if not ok:
            return False
    return True


def dependencies(work, entry_dir):
    """pip arguments that install the project's packages, and the file they came from."""
    for folder in dict.fromkeys([entry_dir, work]):
        shown = os.path.relpath(folder, work)
        named = lambda file: file if shown == "." else f"{shown}/{file}"  # noqa: E731
        requirements = os.path.join(folder, "requirements.txt")
        if os.path.isfile(requirements):
            return ["-r", requirements], named("requirements.txt")
        project = read_toml(os.path.join(folder, "pyproject.toml")).get("project")
        if isinstance(project, dict):
            return [d for d in project.get("dependencies", []) if isinstance(d, str)], named("pyproject.toml")
        packages = read_toml(os.path.join(folder, "Pipfile")).get("packages")
        if isinstance(packages, dict):
            args = []
            for name, spec in packages.items():
                version = spec if isinstance(spec, str) else spec.get("version", "*") if isinstance(spec, dict) else "*"
                args.append(name if version in ("*", "") else f"{name}{version}")
            return args, named("Pipfile")
    return [], None


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        request = json.load(f)
    work, vendor = request["workPath"], request["vendor"]
    try:
        found = detect(work, request.get("entrypoint"), request.get("framework"))
        entry_dir = os.path.join(work, os.path.dirname(found["entrypoint"]))
        wanted, source = requested_version(work, entry_dir)
        here = "%d.%d" % sys.version_info[:2]
        if wanted and not satisfied(wanted):
            print(
                f"Python {wanted} is asked for ({source}); this server builds and runs Python {here}.",
                file=sys.stderr,
            )
        args, source = dependencies(work, entry_dir)
        if args:
            print(f"Installing required dependencies from {source}...", flush=True)
            command = [sys.executable, "-m", "pip", "install", "--no-input", "--no-color", "--upgrade", "--target", vendor, *args]
            if subprocess.run(command, cwd=work).returncode != 0:
                raise BuildFailure(
                    "PIP_INSTALL_FAILED",
                    f"pip could not install the packages {source} names. Its output is in the build log: "
                    "fix the requirements and deploy again.",
                )
        result = {**found, "runtime": f"python{here}"}
    except BuildFailure as failure:
        result = {"error": {"code": failure.code, "message": failure.message}}
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
