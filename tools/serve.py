"""Serve a built site (default dist/) on 127.0.0.1, optionally under a sub-path.

    python tools/serve.py [DIR] [--port 8000] [--prefix /repo/] [--cache-control VALUE]

With --prefix /repo/ the site answers at http://127.0.0.1:PORT/repo/ (as on GitHub
Pages for a project repository) and everything outside the prefix is a 404.
MIME types are set explicitly (.wasm must be application/wasm, or Pyodide hangs).

From Python (tests, benchmarks):

    server, url = start_server("dist", port=0, prefix="/repo/")
    ...
    server.shutdown(); server.server_close()
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
_COUNTER_LOCK = threading.Lock()

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
    ".mo": "application/octet-stream",
}


def normalise_prefix(prefix: str) -> str:
    prefix = "/" + prefix.strip("/")
    return prefix if prefix == "/" else prefix + "/"


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, an optional path prefix and a Cache-Control."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    cache_control: str | None = "no-cache"
    quiet = False

    server: SiteServer  # the server that made this handler (a SiteServer, see make_server)

    def _strip_prefix(self) -> bool:
        """Rewrite self.path to be relative to the prefix; False if it is outside it."""
        if self.prefix == "/":
            return True
        parts = urlsplit(self.path)
        if parts.path == self.prefix.rstrip("/"):
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.prefix + (f"?{parts.query}" if parts.query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not parts.path.startswith(self.prefix):
            self.send_error(HTTPStatus.NOT_FOUND, "outside the site's prefix")
            return False
        self.path = self.path[len(self.prefix) - 1 :]
        return True

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        if self._strip_prefix():
            super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if self._strip_prefix():
            super().do_HEAD()

    def copyfile(self, source, outputfile) -> None:
        """Copy a response body, counting the bytes in ``server.bytes_sent`` (benchmarks)."""
        sent = 0
        while chunk := source.read(256 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        with _COUNTER_LOCK:
            self.server.bytes_sent += sent

    def end_headers(self) -> None:
        if self.cache_control:
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    bytes_sent = 0  # response body bytes served so far (benchmarks)

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a tab or a context mid-download is no server error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | Path,
    port: int = 0,
    prefix: str = "/",
    host: str = "127.0.0.1",
    cache_control: str | None = "no-cache",
    quiet: bool = True,
) -> tuple[SiteServer, str]:
    """A server for directory (not started yet) and the site's URL."""
    directory = Path(directory).resolve()
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory} has no index.html (build the site first)")
    prefix = normalise_prefix(prefix)
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {"prefix": prefix, "cache_control": cache_control, "quiet": quiet},
    )
    server = SiteServer((host, port), functools.partial(handler, directory=directory))
    url = f"http://{host}:{server.server_address[1]}{prefix}"
    return server, url


def start_server(
    directory: str | Path,
    port: int = 0,
    prefix: str = "/",
    cache_control: str | None = "no-cache",
    quiet: bool = True,
) -> tuple[SiteServer, str]:
    """Serve directory from a daemon thread; port=0 picks a free port. Returns (server, url).

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server, url = make_server(
        directory, port=port, prefix=prefix, cache_control=cache_control, quiet=quiet
    )
    thread = threading.Thread(target=server.serve_forever, name=f"serve {url}", daemon=True)
    thread.start()
    return server, url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("directory", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="mount the site under this sub-path")
    parser.add_argument(
        "--cache-control",
        default="no-cache",
        help='Cache-Control header ("max-age=600" is what GitHub Pages sends; "" for none)',
    )
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    try:
        server, url = make_server(
            args.directory,
            port=args.port,
            prefix=args.prefix,
            cache_control=args.cache_control or None,
            quiet=args.quiet,
        )
    except (FileNotFoundError, OSError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.directory} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
