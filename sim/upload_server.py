#!/usr/bin/python3
"""A local stand-in for the services Pacer uploads to (issue #46), on 127.0.0.1, as their public
documentation describes them, plus the ways a real server misbehaves.

  sim/upload_server.py SAVE_DIR [--strava-client-id ID] [--strava-client-secret S]
                       [--strava-refresh-token T] [--intervals-athlete ID] [--intervals-key K]
                       [--webhook-token T] [--processing-polls N] [--port P]

Prints `listening 127.0.0.1:PORT` (port chosen by the OS unless --port) as its first line, then one line per
request as it arrives (`request N METHOD PATH MODE`), so that a test waits for events, not for
time. Every file received (and every request body) is saved to SAVE_DIR.

Strava (developers.strava.com, "Authentication" and "Uploads"):
  POST /oauth/token               grant_type=refresh_token, client_id, client_secret, refresh_token
                                  (form, query or JSON); 200 with a new access token and a new
                                  refresh token, the old one no longer works (rotation); 401 for a
                                  bad client, 400 for a bad, used or revoked refresh token.
  POST /api/v3/uploads            bearer token; multipart file, data_type, external_id (name,
                                  description optional); 201 {"id", "id_str", "external_id",
                                  "error": null, "status": "Your activity is still being processed.",
                                  "activity_id": null}.
  GET  /api/v3/uploads/{id}       processing for --processing-polls polls, then "Your activity is
                                  ready." with activity_id; a repeated external_id (or file) ends in
                                  "There was an error processing your activity." and
                                  error "<external_id> duplicate of activity N".
intervals.icu (intervals.icu API docs, "Upload an activity"):
  POST /api/v1/athlete/{id}/activities   basic auth API_KEY:key (401 otherwise), id 0 or the
                                  athlete's; multipart file (name, description, external_id as
                                  fields or query); 201 {"icu_athlete_id", "id"}. A repeated
                                  external_id answers the same activity id (the sim's choice).
A webhook:
  POST /hook                      records the parts and headers; with --webhook-token, a bearer
                                  token other than it is answered 401.
Control:
  POST /control  JSON, any of:
      {"mode": M, "count": N, "path": PREFIX, "delay": S}  the next N requests (all when no count)
          whose path starts with PREFIX are answered by mode M: "500", "garbage" (200, not JSON),
          "hang" (never answered until "release"), "hold" (answered normally on "release"),
          "close" (headers and part of the body, then the connection is closed), "redirect"
          (302 to itself, forever), "huge" (a 10 MB reply with its length), "huge-chunked"
          (10 MB, chunked, no length), "slow" (answered after `delay` seconds, 2 by default);
          "mode": null goes back to normal. With "then": true the mode follows the current
          one (and those queued before it) once its count has run out.
      {"release": true}     answers the held requests ("hold") and drops the hung ones ("hang").
      {"revoke": true}      revokes every Strava refresh and access token.
      {"expire_access": true}  Strava's access tokens stop working (401), refresh tokens still do.
      {"processing_polls": N}
  GET /log       {"requests": [...], "strava": {"refresh_token": current, "activities": {external_id:
                 activity}}, "intervals": {"activities": {external_id: activity}}} as JSON.
"""
import argparse
import base64
import hashlib
import json
import os
import re
import secrets
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROCESSING = "Your activity is still being processed."
READY = "Your activity is ready."
ERROR = "There was an error processing your activity."
HUGE = 10 * 1024 * 1024


class State:
    def __init__(self, args):
        self.lock = threading.Lock()
        self.args = args
        self.log = []
        self.mode = None  # {"mode", "count", "path", "delay"}
        self.queued = []  # modes that follow once the current one's count runs out
        self.release = threading.Event()
        self.refresh_tokens = {args.strava_refresh_token}
        self.current_refresh = args.strava_refresh_token
        self.access_tokens = set()
        self.uploads = {}  # id -> dict
        self.strava_by_external = {}  # external_id -> activity id
        self.strava_by_file = {}  # sha256 -> activity id
        self.intervals_by_external = {}
        self.next_id = 1000
        self.processing_polls = args.processing_polls

    def new_id(self):
        self.next_id += 1
        return self.next_id

    def take_mode(self, path):
        """The failure mode for a request on `path`, counting it down."""
        with self.lock:
            m = self.mode
            if not m or not path.startswith(m.get("path") or "/"):
                return None, 0
            if m.get("count") is not None:
                m["count"] -= 1
                if m["count"] <= 0:
                    self.mode = self.queued.pop(0) if self.queued else None
            return m["mode"], float(m.get("delay") or 2)


def parse_multipart(body, content_type):
    """The parts of a multipart/form-data body: [{"name", "filename", "content_type", "data"}]."""
    m = re.search(r'boundary="?([^";]+)"?', content_type or "")
    if not m:
        return None
    boundary = b"--" + m.group(1).encode()
    parts = []
    for chunk in body.split(boundary)[1:]:
        if chunk.startswith(b"--"):
            break
        chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk
        head, _, data = chunk.partition(b"\r\n\r\n")
        if data.endswith(b"\r\n"):
            data = data[:-2]
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            k, _, v = line.partition(":")
            headers[k.strip().lower()] = v.strip()
        disp = headers.get("content-disposition", "")
        name = re.search(r'\bname="([^"]*)"', disp)
        filename = re.search(r'\bfilename="([^"]*)"', disp)
        parts.append({"name": name.group(1) if name else None, "filename": filename.group(1) if filename else None,
                      "content_type": headers.get("content-type"), "data": data})
    return parts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "pacer-upload-sim"

    def log_message(self, *a):
        pass

    # -- plumbing --------------------------------------------------------------------------
    def reply(self, status, obj=None, raw=None, headers=()):
        body = raw if raw is not None else (json.dumps(obj).encode() if obj is not None else b"")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True
        if self.entry is not None:
            self.entry["status"] = status

    def read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def fields(self, body, parts):
        """Form fields from the query, a urlencoded or JSON body, or multipart parts."""
        url = urllib.parse.urlsplit(self.path)
        f = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
        ctype = self.headers.get("Content-Type") or ""
        if parts is not None:
            f.update({p["name"]: p["data"].decode("utf-8", "replace") for p in parts if p["filename"] is None})
        elif ctype.startswith("application/json") and body:
            try:
                f.update({k: str(v) for k, v in json.loads(body).items()})
            except (ValueError, AttributeError):
                pass
        elif body:
            f.update({k: v[-1] for k, v in urllib.parse.parse_qs(body.decode("utf-8", "replace")).items()})
        return f

    def record(self, body, parts, service):
        st = self.server.state
        with st.lock:
            seq = len(st.log) + 1
            entry = {"seq": seq, "method": self.command, "path": self.path, "service": service,
                     "headers": [[k, v] for k, v in self.headers.items()], "body_size": len(body),
                     "body_sha256": hashlib.sha256(body).hexdigest(), "parts": [], "status": None}
            st.log.append(entry)
        d = self.server.save_dir
        if body:
            entry["body_saved"] = os.path.join(d, "%03d-%s-body.bin" % (seq, service))
            with open(entry["body_saved"], "wb") as f:
                f.write(body)
        for p in parts or []:
            info = {"name": p["name"], "filename": p["filename"], "content_type": p["content_type"],
                    "size": len(p["data"]), "sha256": hashlib.sha256(p["data"]).hexdigest()}
            if p["filename"] is not None:
                info["saved"] = os.path.join(d, "%03d-%s-%s" % (seq, service, os.path.basename(p["filename"]) or "file"))
                with open(info["saved"], "wb") as f:
                    f.write(p["data"])
            else:
                info["value"] = p["data"].decode("utf-8", "replace")
            entry["parts"].append(info)
        return entry

    # -- dispatch ------------------------------------------------------------------------------
    def do_GET(self):
        self.handle_request()

    def do_POST(self):
        self.handle_request()

    def handle_request(self):
        self.entry = None
        st = self.server.state
        path = urllib.parse.urlsplit(self.path).path
        body = self.read_body()
        if path == "/control":
            return self.control(body)
        if path == "/log":
            with st.lock:
                return self.reply(200, {"requests": st.log,
                                        "strava": {"refresh_token": st.current_refresh, "activities": st.strava_by_external},
                                        "intervals": {"activities": st.intervals_by_external}})
        parts = parse_multipart(body, self.headers.get("Content-Type")) \
            if (self.headers.get("Content-Type") or "").startswith("multipart/form-data") else None
        service = "strava" if path.startswith(("/oauth", "/api/v3")) else \
            "intervals" if path.startswith("/api/v1") else "hook" if path == "/hook" else "other"
        self.entry = self.record(body, parts, service)
        mode, delay = st.take_mode(path)
        self.entry["mode"] = mode
        print("request %d %s %s %s" % (self.entry["seq"], self.command, path, mode or "-"), flush=True)
        if mode and self.misbehave(mode, delay):
            return
        if service == "strava":
            self.strava(path, body, parts)
        elif service == "intervals":
            self.intervals(path, parts, body)
        elif service == "hook":
            self.hook()
        else:
            self.reply(404, {"message": "Record Not Found"})

    def misbehave(self, mode, delay):
        """Answers as `mode` says; False when the request is then answered normally."""
        st = self.server.state
        if mode == "500":
            self.reply(500, {"message": "Internal Server Error"})
        elif mode == "garbage":
            self.reply(200, raw=b'{"id": 12, "status": "Your act<html>\x00\xff oops')
        elif mode in ("hang", "hold"):
            st.release.wait()
            if mode == "hold":
                return False
            self.close_connection = True
        elif mode == "close":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b'{"id": 1, "status": "' + b"x" * 1000)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif mode == "redirect":
            host, port = self.server.server_address
            self.reply(302, {}, headers=[("Location", "http://%s:%d%s" % (host, port, self.path))])
        elif mode == "huge":
            self.reply(200, raw=b"x" * HUGE)
        elif mode == "huge-chunked":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(HUGE // len(chunk)):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            self.close_connection = True
        elif mode == "slow":
            time.sleep(delay)
            return False
        else:
            self.reply(400, {"message": "unknown mode %r" % mode})
        return True

    def control(self, body):
        st = self.server.state
        try:
            c = json.loads(body or b"{}")
        except ValueError:
            return self.reply(400, {"message": "control wants JSON"})
        with st.lock:
            if "mode" in c:
                m = None if c["mode"] is None else \
                    {"mode": c["mode"], "count": c.get("count"), "path": c.get("path"), "delay": c.get("delay")}
                if c.get("then") and st.mode is not None and m is not None:
                    st.queued.append(m)
                else:
                    st.mode, st.queued = m, []
                if c["mode"] in ("hang", "hold"):
                    st.release.clear()
            if c.get("release"):
                st.release.set()
            if c.get("revoke"):
                st.refresh_tokens.clear()
                st.access_tokens.clear()
            if c.get("expire_access"):
                st.access_tokens.clear()
            if "processing_polls" in c:
                st.processing_polls = int(c["processing_polls"])
        self.reply(200, {"ok": True})

    # -- Strava ------------------------------------------------------------------------------------
    def strava(self, path, body, parts):
        st, a = self.server.state, self.server.state.args
        if path == "/oauth/token" and self.command == "POST":
            f = self.fields(body, parts)
            if f.get("client_id") != a.strava_client_id or f.get("client_secret") != a.strava_client_secret:
                return self.reply(401, {"message": "Bad Request", "errors": [
                    {"resource": "Application", "field": "client_id", "code": "invalid"}]})
            if f.get("grant_type") != "refresh_token":
                return self.reply(400, {"message": "Bad Request", "errors": [
                    {"resource": "RefreshToken", "field": "grant_type", "code": "invalid"}]})
            with st.lock:
                if f.get("refresh_token") not in st.refresh_tokens:
                    return self.reply(400, {"message": "Bad Request", "errors": [
                        {"resource": "RefreshToken", "field": "refresh_token", "code": "invalid"}]})
                st.refresh_tokens.discard(f["refresh_token"])
                new_refresh, access = secrets.token_hex(20), secrets.token_hex(20)
                st.refresh_tokens.add(new_refresh)
                st.current_refresh = new_refresh
                st.access_tokens.add(access)
            now = int(time.time())
            return self.reply(200, {"token_type": "Bearer", "access_token": access, "expires_at": now + 21600,
                                    "expires_in": 21600, "refresh_token": new_refresh})
        auth = self.headers.get("Authorization") or ""
        with st.lock:
            authorized = auth.startswith("Bearer ") and auth[7:] in st.access_tokens
        if not authorized:
            return self.reply(401, {"message": "Authorization Error", "errors": [
                {"resource": "Athlete", "field": "access_token", "code": "invalid"}]})
        if path == "/api/v3/uploads" and self.command == "POST":
            files = [p for p in parts or [] if p["name"] == "file" and p["filename"] is not None]
            f = self.fields(body, parts)
            if not files:
                return self.reply(400, {"message": "Bad Request", "errors": [
                    {"resource": "Upload", "field": "file", "code": "not a file"}]})
            if f.get("data_type") not in ("fit", "fit.gz", "tcx", "tcx.gz", "gpx", "gpx.gz"):
                return self.reply(400, {"message": "Bad Request", "errors": [
                    {"resource": "Upload", "field": "data_type", "code": "invalid"}]})
            external = f.get("external_id") or files[0]["filename"]
            digest = hashlib.sha256(files[0]["data"]).hexdigest()
            with st.lock:
                upload_id = st.new_id()
                duplicate = st.strava_by_external.get(external) or st.strava_by_file.get(digest)
                if duplicate is None:
                    activity = st.new_id()
                    st.strava_by_external[external] = activity
                    st.strava_by_file[digest] = activity
                st.uploads[upload_id] = {"external_id": external, "polls": 0, "duplicate": duplicate,
                                         "activity_id": duplicate or activity}
            return self.reply(201, {"id": upload_id, "id_str": str(upload_id), "external_id": external,
                                    "error": None, "status": PROCESSING, "activity_id": None})
        m = re.fullmatch(r"/api/v3/uploads/(\d+)", path)
        if m and self.command == "GET":
            with st.lock:
                u = st.uploads.get(int(m.group(1)))
                if u is None:
                    return self.reply(404, {"message": "Record Not Found", "errors": [
                        {"resource": "Upload", "field": "id", "code": "invalid"}]})
                u["polls"] += 1
                done = u["polls"] > st.processing_polls
            out = {"id": int(m.group(1)), "id_str": m.group(1), "external_id": u["external_id"],
                   "error": None, "status": PROCESSING, "activity_id": None}
            if done and u["duplicate"]:
                out.update(status=ERROR, error="%s duplicate of activity %d" % (u["external_id"], u["duplicate"]))
            elif done:
                out.update(status=READY, activity_id=u["activity_id"])
            return self.reply(200, out)
        self.reply(404, {"message": "Record Not Found"})

    # -- intervals.icu -------------------------------------------------------------------------------
    def intervals(self, path, parts, body):
        st, a = self.server.state, self.server.state.args
        auth = self.headers.get("Authorization") or ""
        expected = "Basic " + base64.b64encode(("API_KEY:" + a.intervals_key).encode()).decode()
        if auth != expected:
            return self.reply(401, {"status": 401, "error": "Unauthorized"})
        m = re.fullmatch(r"/api/v1/athlete/([^/]+)/activities", path)
        if not m or self.command != "POST":
            return self.reply(404, {"status": 404, "error": "Not Found"})
        if m.group(1) not in ("0", a.intervals_athlete):
            return self.reply(403, {"status": 403, "error": "Access denied"})
        files = [p for p in parts or [] if p["name"] == "file" and p["filename"] is not None]
        if not files:
            return self.reply(422, {"status": 422, "error": "No file"})
        external = self.fields(body, parts).get("external_id")
        with st.lock:
            known = st.intervals_by_external.get(external) if external else None
            activity = known or "i%d" % st.new_id()
            if external:
                st.intervals_by_external[external] = activity
        self.reply(201, {"icu_athlete_id": a.intervals_athlete, "id": activity})

    # -- webhook -----------------------------------------------------------------------------------------
    def hook(self):
        token = self.server.state.args.webhook_token
        if token and self.headers.get("Authorization") != "Bearer " + token:
            return self.reply(401, {"error": "unauthorized"})
        self.reply(200, {"ok": True, "seq": self.entry["seq"]})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # A hung handler must not keep the process from exiting.
    block_on_close = False


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("save_dir")
    p.add_argument("--strava-client-id", default="12345")
    p.add_argument("--strava-client-secret", default="strava-client-secret")
    p.add_argument("--strava-refresh-token", default="strava-refresh-0")
    p.add_argument("--intervals-athlete", default="i12345")
    p.add_argument("--intervals-key", default="intervals-key")
    p.add_argument("--webhook-token", default=None)
    p.add_argument("--processing-polls", type=int, default=1)
    p.add_argument("--port", type=int, default=0, help="the port to listen on (a server that comes back)")
    args = p.parse_args(argv)
    os.makedirs(args.save_dir, exist_ok=True)
    server = Server(("127.0.0.1", args.port), Handler)
    server.state = State(args)
    server.save_dir = args.save_dir
    print("listening 127.0.0.1:%d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
