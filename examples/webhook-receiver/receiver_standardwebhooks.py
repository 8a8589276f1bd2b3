"""receiver.py with the standardwebhooks package (pip install standardwebhooks)
checking the signature and the timestamp."""
import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from standardwebhooks import Webhook, WebhookVerificationError

wh = Webhook(os.environ["WEBHOOK_SECRET"])


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))  # the raw body: what was signed
        try:
            event = wh.verify(body, dict(self.headers))  # the signature, and a timestamp within 5 minutes
        except (WebhookVerificationError, ValueError):  # ValueError: a malformed signature header
            self.send_response(401)
            self.end_headers()
            return
        print(self.headers["webhook-id"], event["type"], body.decode(), flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):  # stdout is for the events
        pass


host, _, port = os.environ.get("ADDR", "127.0.0.1:8081").rpartition(":")
HTTPServer((host, int(port)), Receiver).serve_forever()
