"""The process that runs one Python function of a deployment, inside the sandbox.

`python3 runner.py <function folder> <socket path>`, started by runner-process.ts like runner.mjs for
Node.js: it loads the function, serves HTTP/1.1 on a Unix socket (keep-alive; the host sends
`x-nimbus-request-id` and answers pings with `x-nimbus-control`) and prints {"t":"ready"} once.

What to serve comes from the `vc__handler__python.py` trampoline Vercel's Python builders write (Nimbus's
own builder writes the same): run with a stand-in for the `vercel_runtime.vc_init` it imports last, it
leaves the module, file and variable in __VC_HANDLER_* variables and the vendored packages on sys.path.
The variable is served as Vercel's runtime does: an ASGI app (FastAPI, Starlette, Django's ASGI) on one
event loop thread, a WSGI app (Flask, Django) on the request's thread, a BaseHTTPRequestHandler class
through a socket pair. Everything the function prints becomes one JSON line on stdout tagged with the
request's id. Standard library only, as the function's own packages must not change it.
"""

import asyncio
import contextvars
import http.client
import importlib.util
import inspect
import io
import json
import os
import queue
import runpy
import socket
import socketserver
import sys
import threading
import time
import traceback
import types
import urllib.parse
from http.server import BaseHTTPRequestHandler

TASK_DIR, SOCKET_PATH = sys.argv[1], sys.argv[2]
REQUEST_ID = contextvars.ContextVar("request_id", default=None)
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}
_write_lock = threading.Lock()


def emit(record):
    data = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    with _write_lock:
        os.write(1, data)


class TaggedStream(io.TextIOBase):
    """sys.stdout / sys.stderr: each line becomes a log record of the request that printed it."""

    def __init__(self, name):
        self.name = name
        self.partial = threading.local()

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            text = str(text)
        pending = getattr(self.partial, "text", "") + text
        *lines, rest = pending.split("\n")
        self.partial.text = rest
        for line in lines:
            emit({"t": "log", "s": self.name, "id": REQUEST_ID.get(), "m": line, "time": int(time.time() * 1000)})
        return len(text)

    def flush(self):
        rest = getattr(self.partial, "text", "")
        if rest:
            self.partial.text = ""
            emit({"t": "log", "s": self.name, "id": REQUEST_ID.get(), "m": rest, "time": int(time.time() * 1000)})


sys.stdout = TaggedStream("stdout")
sys.stderr = TaggedStream("stderr")


def load():
    """The served object and its kind: 'asgi', 'wsgi' or 'http' (a BaseHTTPRequestHandler class)."""
    with open(os.path.join(TASK_DIR, ".vc-config.json"), encoding="utf-8") as f:
        config = json.load(f)
    os.chdir(TASK_DIR)
    sys.path.insert(0, TASK_DIR)
    handler = config.get("handler") or "vc__handler__python.vc_handler"
    trampoline = os.path.join(TASK_DIR, *handler.rsplit(".", 1)[0].split(".")) + ".py"
    stand_in = types.ModuleType("vercel_runtime.vc_init")
    stand_in.vc_handler = None
    package = types.ModuleType("vercel_runtime")
    package.__path__ = []
    package.vc_init = stand_in
    sys.modules.update({"vercel_runtime": package, "vercel_runtime.vc_init": stand_in})
    runpy.run_path(trampoline, run_name="vc__handler__python")
    del sys.modules["vercel_runtime"], sys.modules["vercel_runtime.vc_init"]

    module_name = os.environ.get("__VC_HANDLER_MODULE_NAME")
    entrypoint = os.environ.get("__VC_HANDLER_ENTRYPOINT_ABS")
    if not module_name or not entrypoint:
        raise RuntimeError(f"{os.path.basename(trampoline)} names no module to serve: build the function again")
    folder = os.path.dirname(entrypoint)
    if folder not in sys.path:
        sys.path.insert(1, folder)
    spec = importlib.util.spec_from_file_location(module_name, entrypoint)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)

    wanted = os.environ.get("__VC_HANDLER_VARIABLE_NAME")
    names = [wanted] if wanted else ["app", "application", "handler", "Handler"]
    name = next((n for n in names if hasattr(module, n)), None)
    if name is None:
        raise RuntimeError(f'{os.path.basename(entrypoint)} defines no "{names[0]}" to serve')
    served = getattr(module, name)
    if inspect.isclass(served) and issubclass(served, BaseHTTPRequestHandler):
        return served, "http"
    if inspect.iscoroutinefunction(served) or inspect.iscoroutinefunction(getattr(served, "__call__", None)):
        return served, "asgi"
    if callable(served):
        return served, "wsgi"
    raise RuntimeError(f'"{name}" in {os.path.basename(entrypoint)} is not a WSGI or ASGI app or a handler class')


class Body(io.RawIOBase):
    """The request body as a file, read from the connection as the app asks (Content-Length or chunked)."""

    def __init__(self, rfile, headers):
        self.rfile = rfile
        self.chunked = "chunked" in headers.get("transfer-encoding", "").lower()
        self.left = 0 if self.chunked else int(headers.get("content-length") or 0)
        self.done = not self.chunked and self.left == 0

    def readable(self):
        return True

    def readinto(self, buffer):
        if self.done:
            return 0
        if self.chunked and self.left == 0:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                self.done = True
                return 0
            self.left = size
        data = self.rfile.read(min(len(buffer), self.left))
        if not data:
            self.done = True
            return 0
        self.left -= len(data)
        if self.left == 0:
            if self.chunked:
                self.rfile.readline()
            else:
                self.done = True
        buffer[: len(data)] = data
        return len(data)

    def drain(self):
        while self.read(65536):
            pass


class Reply:
    """Writes one response on the connection: Content-Length when known, else chunked."""

    def __init__(self, handler, method):
        self.handler = handler
        self.method = method
        self.started = False
        self.chunked = False
        self.no_body = False

    def start(self, status, headers):
        out = self.handler.wfile
        reason = http.client.responses.get(status, "")
        lines = [f"HTTP/1.1 {status} {reason}".rstrip()]
        names = set()
        for name, value in headers:
            lower = name.lower()
            if lower in HOP_BY_HOP:
                continue
            names.add(lower)
            lines.append(f"{name}: {value}")
        self.no_body = self.method == "HEAD" or status in (204, 304) or 100 <= status < 200
        if not self.no_body and "content-length" not in names:
            self.chunked = True
            lines.append("Transfer-Encoding: chunked")
        out.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        out.flush()
        self.started = True

    def write(self, data):
        if not data or self.no_body:
            return
        out = self.handler.wfile
        out.write(b"%x\r\n%s\r\n" % (len(data), data) if self.chunked else data)
        out.flush()

    def end(self):
        if self.chunked:
            self.handler.wfile.write(b"0\r\n\r\n")
            self.handler.wfile.flush()


def client_address(headers):
    forwarded = headers.get("x-real-ip") or headers.get("x-forwarded-for", "").split(",")[0].strip()
    return forwarded or "127.0.0.1"


def serve_wsgi(app, handler, body, reply):
    headers = handler.headers
    path, _, query = handler.path.partition("?")
    scheme = "https" if headers.get("x-forwarded-proto") == "https" else "http"
    host = headers.get("host", "localhost")
    environ = {
        "REQUEST_METHOD": handler.command,
        "SCRIPT_NAME": "",
        "PATH_INFO": urllib.parse.unquote(path, "latin-1"),
        "QUERY_STRING": query,
        "SERVER_NAME": host.split(":")[0],
        "SERVER_PORT": "443" if scheme == "https" else "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": client_address(headers),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scheme,
        "wsgi.input": io.BufferedReader(body),
        # The body ends where the request's does, chunked or not (Werkzeug reads none without this or a length).
        "wsgi.input_terminated": True,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        if key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            environ[key] = value
        elif key not in ("TRANSFER_ENCODING",):
            key = f"HTTP_{key}"
            environ[key] = f"{environ[key]},{value}" if key in environ else value
    state = {}

    def start_response(status, response_headers, exc_info=None):
        if exc_info and reply.started:
            raise exc_info[1].with_traceback(exc_info[2])
        state["status"] = int(status.split(" ", 1)[0])
        state["headers"] = response_headers
        return send

    def send(data):
        if not reply.started:
            reply.start(state["status"], state["headers"])
        reply.write(data)

    result = app(environ, start_response)
    try:
        for chunk in result:
            if chunk:
                send(chunk)
        if not reply.started:
            reply.start(state["status"], state["headers"])
        reply.end()
    finally:
        if hasattr(result, "close"):
            result.close()


class Loop:
    """The one event loop ASGI apps run on, in its own thread, with the app's lifespan started."""

    def __init__(self, app):
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.state = {}
        threading.Thread(target=self.loop.run_forever, name="asgi", daemon=True).start()
        self.call(self.lifespan()).result(30)

    def call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    async def lifespan(self):
        started = self.loop.create_future()
        messages = asyncio.Queue()
        await messages.put({"type": "lifespan.startup"})

        async def send(message):
            if message["type"] == "lifespan.startup.failed":
                started.done() or started.set_exception(RuntimeError(message.get("message") or "startup failed"))
            elif not started.done():
                started.set_result(None)

        async def run():
            scope = {"type": "lifespan", "asgi": {"version": "3.0", "spec_version": "2.0"}, "state": self.state}
            try:
                await self.app(scope, messages.get, send)
            except Exception:  # an app without lifespan support raises on the scope: Vercel ignores that
                pass
            if not started.done():
                started.set_result(None)

        self.loop.create_task(run())
        await started


def serve_asgi(loop, handler, body, reply, request_id):
    headers = handler.headers
    path, _, query = handler.path.partition("?")
    scheme = "https" if headers.get("x-forwarded-proto") == "https" else "http"
    host = headers.get("host", "localhost")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": handler.command,
        "scheme": scheme,
        "path": urllib.parse.unquote(path),
        "raw_path": path.encode("latin-1"),
        "query_string": query.encode("latin-1"),
        "root_path": "",
        "headers": [
            (k.lower().encode("latin-1"), v.encode("latin-1"))
            for k, v in headers.items()
            if k.lower() != "transfer-encoding"
        ],
        "client": (client_address(headers), 0),
        "server": (host.split(":")[0], 443 if scheme == "https" else 80),
        "state": dict(loop.state),
    }
    # The app's messages come back to this thread through a queue the loop writes.
    outgoing = queue.Queue()
    finished = threading.Event()

    async def receive():
        data = await asyncio.get_running_loop().run_in_executor(None, body.read, 65536)
        if data:
            return {"type": "http.request", "body": data, "more_body": True}
        if not getattr(receive, "ended", False):
            receive.ended = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.get_running_loop().run_in_executor(None, finished.wait)
        return {"type": "http.disconnect"}

    async def send(message):
        outgoing.put(message)

    async def run():
        REQUEST_ID.set(request_id)
        await loop.app(scope, receive, send)

    future = loop.call(run())
    future.add_done_callback(lambda _: outgoing.put(None))
    status, response_headers = 500, []
    try:
        while True:
            message = outgoing.get()
            if message is None:
                break
            if message["type"] == "http.response.start":
                status = message["status"]
                response_headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", [])]
            elif message["type"] == "http.response.body":
                if not reply.started:
                    reply.start(status, response_headers)
                reply.write(message.get("body", b""))
                if not message.get("more_body", False):
                    break
        future.result()
        if not reply.started:
            reply.start(status, response_headers)
        reply.end()
    finally:
        finished.set()


def serve_http_class(cls, handler, body, reply):
    """A BaseHTTPRequestHandler class answers on one end of a socket pair; its reply is relayed."""
    ours, theirs = socket.socketpair()
    server = types.SimpleNamespace(server_name="localhost", server_port=80)
    context = contextvars.copy_context()

    def answer():
        try:
            cls(theirs, (client_address(handler.headers), 0), server)
        except Exception:
            traceback.print_exc()
        finally:
            theirs.close()

    thread = threading.Thread(target=lambda: context.run(answer), daemon=True)
    thread.start()
    head = [f"{handler.command} {handler.path} HTTP/1.1"]
    for name, value in handler.headers.items():
        if name.lower() not in HOP_BY_HOP:
            head.append(f"{name}: {value}")
    data = body.read()
    if data and "content-length" not in {n.lower() for n in handler.headers}:
        head.append(f"Content-Length: {len(data)}")
    head.append("Connection: close")
    ours.sendall(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data)
    response = http.client.HTTPResponse(ours, method=handler.command)
    try:
        response.begin()
    except http.client.RemoteDisconnected:
        thread.join()
        raise RuntimeError("The handler class closed the connection without answering.")
    reply.start(response.status, response.getheaders())
    while True:
        chunk = response.read1(65536) if hasattr(response, "read1") else response.read(65536)
        if not chunk:
            break
        reply.write(chunk)
    reply.end()
    ours.close()
    thread.join()


class Connection(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def address_string(self):
        return "host"

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        # Every method name reaches serve(), as functions may answer any (PROPFIND, PURGE ...).
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            self.serve()
            self.wfile.flush()
        except (ConnectionError, BrokenPipeError):
            self.close_connection = True

    def serve(self):
        control = self.headers.get("x-nimbus-control")
        if control in ("ping", "drain"):
            reply = b"pong" if control == "ping" else b"drained"
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(reply), reply))
            return
        request_id = self.headers.get("x-nimbus-request-id") or None
        REQUEST_ID.set(request_id)
        body = Body(self.rfile, self.headers)
        reply = Reply(self, self.command)
        try:
            if KIND == "asgi":
                serve_asgi(LOOP, self, body, reply, request_id)
            elif KIND == "wsgi":
                serve_wsgi(APP, self, body, reply)
            else:
                serve_http_class(APP, self, body, reply)
            body.drain()
        except Exception:
            traceback.print_exc()
            if not reply.started:
                body.drain()
                self.wfile.write(
                    b"HTTP/1.1 500 Internal Server Error\r\nx-nimbus-error: FUNCTION_INVOCATION_FAILED\r\n"
                    b"Content-Length: 0\r\n\r\n"
                )
            else:
                # Headers are out: cutting the connection tells the host the body is incomplete.
                self.close_connection = True
        finally:
            sys.stdout.flush()
            sys.stderr.flush()


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


try:
    APP, KIND = load()
    LOOP = Loop(APP) if KIND == "asgi" else None
except BaseException:
    print("The function could not be loaded:", file=sys.stderr)
    traceback.print_exc()
    sys.stderr.flush()
    os._exit(1)

if os.path.exists(SOCKET_PATH):
    os.unlink(SOCKET_PATH)
server = Server(SOCKET_PATH, Connection)
emit({"t": "ready"})
server.serve_forever()
