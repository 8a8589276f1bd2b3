"""The receiver of main.go in Python with the standard library only: it verifies
each delivery's Standard Webhooks signature with WEBHOOK_SECRET (the endpoint's
whsec_... secret) and its timestamp, and prints the event's id and body, one a
line. It listens on ADDR (127.0.0.1:8081 by default)."""
import base64
import hashlib
import hmac
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

KEY = base64.b64decode(os.environ["WEBHOOK_SECRET"].removeprefix("whsec_"))


def verified(headers, body: bytes) -> bool:
    """Standard Webhooks' check: a v1 signature (of those space-separated) that is
    base64 HMAC-SHA256 of "id.timestamp.body", and a timestamp within 5 minutes."""
    msg_id, ts, sigs = (headers.get(h, "") for h in ("webhook-id", "webhook-timestamp", "webhook-signature"))
    if not (msg_id and ts.isdigit() and abs(time.time() - int(ts)) <= 300):
        return False
    mac = hmac.new(KEY, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()
    want = base64.b64encode(mac).decode()
    return any(hmac.compare_digest(s[3:], want) for s in sigs.split(" ") if s.startswith("v1,"))


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))  # the raw body: what was signed
        if not verified(self.headers, body):
            self.send_response(401)
            self.end_headers()
            return
        print(self.headers["webhook-id"], body.decode(), flush=True)  # deduplicate on webhook-id: a retry repeats it
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):  # stdout is for the events
        pass


host, _, port = os.environ.get("ADDR", "127.0.0.1:8081").rpartition(":")
HTTPServer((host, int(port)), Receiver).serve_forever()
