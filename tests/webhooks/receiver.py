"""A real webhook receiver for the tests: an HTTP server on 127.0.0.1 in a thread. It answers the statuses it is
given in turn (then 200), keeps every request it got, and checks signatures as a tournament's own system would."""

import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    def __init__(self, answers=()):
        self.answers = list(answers)
        self.requests = []  # (headers, body, status answered)
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    status = receiver.answers.pop(0) if receiver.answers else 200
                    receiver.requests.append((dict(self.headers), body, status))
                answer = b"taken" if status < 300 else b"receiver down for maintenance"
                self.send_response(status)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    def accepted(self, secret):
        """{event id: (event, payload)} of the requests answered 2xx whose signature checks with `secret`; fails on
        an id taken twice."""
        taken = {}
        for headers, body, status in self.requests:
            if status >= 300 or not signed(headers, body, secret):
                continue
            event_id = headers["X-Carrom-Event-Id"]
            assert event_id not in taken, f"event {event_id} taken twice"
            taken[event_id] = (headers["X-Carrom-Event"], json.loads(body))
        return taken


def signed(headers, body, secret):
    """Whether the request's X-Carrom-Signature is the HMAC-SHA256 of "<timestamp>.<body>" with `secret`."""
    timestamp = headers["X-Carrom-Timestamp"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["X-Carrom-Signature"], f"sha256={expected}")
