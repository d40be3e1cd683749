"""Self-checks of sim/upload_server.py through urllib: the services' flows and the failure modes.

Run: /usr/bin/python3 -m unittest discover -s sim -p 'test_*.py'
"""
import base64
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def multipart(fields, files):
    boundary = "pacer-test-boundary"
    out = b""
    for k, v in fields.items():
        out += b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (boundary.encode(), k.encode(), v.encode())
    for k, (name, data) in files.items():
        out += (b'--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\n'
                b'Content-Type: application/octet-stream\r\n\r\n' % (boundary.encode(), k.encode(), name.encode())) + data + b"\r\n"
    out += b"--%s--\r\n" % boundary.encode()
    return out, "multipart/form-data; boundary=" + boundary


class UploadServerTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="pacer-upload-sim-")
        self.proc = subprocess.Popen([sys.executable, os.path.join(HERE, "upload_server.py"), self.dir],
                                     stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        self.assertTrue(line.startswith("listening 127.0.0.1:"), line)
        self.base = "http://" + line.split()[1]

    def tearDown(self):
        self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def call(self, method, path, body=None, headers=None, timeout=10):
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def json(self, method, path, body=None, headers=None):
        status, data = self.call(method, path, body, headers)
        return status, json.loads(data)

    def control(self, **c):
        self.assertEqual(self.call("POST", "/control", json.dumps(c).encode(), {"Content-Type": "application/json"})[0], 200)

    def refresh(self, token, secret="strava-client-secret"):
        form = "client_id=12345&client_secret=%s&grant_type=refresh_token&refresh_token=%s" % (secret, token)
        return self.json("POST", "/oauth/token", form.encode(), {"Content-Type": "application/x-www-form-urlencoded"})

    def strava_upload(self, access, external_id, data=b".FIT-bytes"):
        body, ctype = multipart({"data_type": "fit", "external_id": external_id}, {"file": (external_id, data)})
        return self.json("POST", "/api/v3/uploads", body, {"Content-Type": ctype, "Authorization": "Bearer " + access})

    def test_strava_refresh_rotates_and_the_old_token_is_refused(self):
        status, first = self.refresh("strava-refresh-0")
        self.assertEqual(status, 200)
        self.assertEqual(first["token_type"], "Bearer")
        self.assertNotEqual(first["refresh_token"], "strava-refresh-0")
        self.assertEqual(self.refresh("strava-refresh-0")[0], 400)
        status, second = self.refresh(first["refresh_token"])
        self.assertEqual(status, 200)
        self.assertNotEqual(second["refresh_token"], first["refresh_token"])
        self.assertEqual(self.refresh(second["refresh_token"], secret="wrong")[0], 401)
        self.assertEqual(self.json("GET", "/log")[1]["strava"]["refresh_token"], second["refresh_token"])
        self.control(revoke=True)
        self.assertEqual(self.refresh(second["refresh_token"])[0], 400)

    def test_strava_upload_is_processed_then_ready_and_a_repeat_is_a_duplicate(self):
        access = self.refresh("strava-refresh-0")[1]["access_token"]
        self.assertEqual(self.strava_upload("not-a-token", "s1.fit")[0], 401)
        status, up = self.strava_upload(access, "s1.fit")
        self.assertEqual(status, 201)
        self.assertEqual(up["status"], "Your activity is still being processed.")
        self.assertIsNone(up["activity_id"])
        headers = {"Authorization": "Bearer " + access}
        self.assertIsNone(self.json("GET", "/api/v3/uploads/%d" % up["id"], headers=headers)[1]["activity_id"])
        ready = self.json("GET", "/api/v3/uploads/%d" % up["id"], headers=headers)[1]
        self.assertEqual(ready["status"], "Your activity is ready.")
        self.assertIsInstance(ready["activity_id"], int)
        again = self.strava_upload(access, "s1.fit", data=b"other bytes")[1]
        self.json("GET", "/api/v3/uploads/%d" % again["id"], headers=headers)
        dup = self.json("GET", "/api/v3/uploads/%d" % again["id"], headers=headers)[1]
        self.assertEqual(dup["error"], "s1.fit duplicate of activity %d" % ready["activity_id"])
        self.assertIsNone(dup["activity_id"])
        self.assertEqual(self.call("GET", "/api/v3/uploads/%d" % up["id"])[0], 401)
        log = self.json("GET", "/log")[1]["requests"]
        saved = [p["saved"] for e in log for p in e["parts"] if p.get("saved")]
        with open(saved[0], "rb") as f:
            self.assertEqual(f.read(), b".FIT-bytes")

    def test_intervals_wants_basic_auth_and_answers_an_id(self):
        body, ctype = multipart({"external_id": "s1"}, {"file": ("s1.fit", b"fit")})
        good = "Basic " + base64.b64encode(b"API_KEY:intervals-key").decode()
        bad = "Basic " + base64.b64encode(b"API_KEY:nope").decode()
        path = "/api/v1/athlete/i12345/activities"
        self.assertEqual(self.call("POST", path, body, {"Content-Type": ctype, "Authorization": bad})[0], 401)
        status, reply = self.json("POST", path, body, {"Content-Type": ctype, "Authorization": good})
        self.assertEqual(status, 201)
        self.assertEqual(reply["icu_athlete_id"], "i12345")
        self.assertEqual(self.json("POST", "/api/v1/athlete/0/activities", body,
                                   {"Content-Type": ctype, "Authorization": good})[1]["id"], reply["id"])

    def test_the_webhook_records_parts_and_headers(self):
        body, ctype = multipart({"summary": '{"distance_m": 1}'}, {"file": ("s1.fit", b"\x0e\x10fit")})
        self.assertEqual(self.call("POST", "/hook", body, {"Content-Type": ctype, "X-Pacer-Signature": "sha256=ab"})[0], 200)
        entry = self.json("GET", "/log")[1]["requests"][-1]
        self.assertIn(["X-Pacer-Signature", "sha256=ab"], entry["headers"])
        self.assertEqual([(p["name"], p["filename"]) for p in entry["parts"]], [("summary", None), ("file", "s1.fit")])
        self.assertEqual(entry["parts"][0]["value"], '{"distance_m": 1}')

    def test_failure_modes(self):
        self.control(mode="500", count=1)
        self.assertEqual(self.call("POST", "/hook", b"x")[0], 500)
        self.assertEqual(self.call("POST", "/hook", b"x")[0], 200)
        self.control(mode="garbage", count=1)
        status, data = self.call("POST", "/hook", b"x")
        self.assertEqual(status, 200)
        self.assertRaises(ValueError, json.loads, data)
        self.control(mode="huge", count=1)
        self.assertEqual(len(self.call("POST", "/hook", b"x")[1]), 10 * 1024 * 1024)
        self.control(mode="huge-chunked", count=1)
        self.assertEqual(len(self.call("POST", "/hook", b"x")[1]), 10 * 1024 * 1024)
        self.control(mode="close", count=1)
        self.assertRaises(http.client.IncompleteRead, self.call, "POST", "/hook", b"x")
        self.control(mode="redirect", count=1)
        conn = http.client.HTTPConnection(self.base[7:], timeout=10)
        conn.request("POST", "/hook", b"x")
        r = conn.getresponse()
        self.assertEqual((r.status, r.getheader("Location")), (302, self.base + "/hook"))
        conn.close()
        self.control(mode="slow", delay=0.1, count=1)
        self.assertEqual(self.call("POST", "/hook", b"x")[0], 200)

    def test_queued_modes_follow_one_another(self):
        self.control(mode="500", count=1)
        self.control(mode="garbage", count=1, then=True)
        self.control(mode="500", count=2, then=True)
        self.assertEqual(self.call("POST", "/hook", b"x")[0], 500)
        self.assertRaises(ValueError, json.loads, self.call("POST", "/hook", b"x")[1])
        self.assertEqual([self.call("POST", "/hook", b"x")[0] for _ in range(3)], [500, 500, 200])
        # Without "then" a mode replaces the current one and the queue.
        self.control(mode="500", count=1)
        self.control(mode="garbage", count=1, then=True)
        self.control(mode="500", count=1)
        self.assertEqual([self.call("POST", "/hook", b"x")[0] for _ in range(2)], [500, 200])

    def test_a_hung_request_is_never_answered_and_a_held_one_is_on_release(self):
        self.control(mode="hang", count=1)
        self.assertRaises(OSError, self.call, "POST", "/hook", b"x", None, 0.5)
        self.assertTrue(self.proc.stdout.readline().startswith("request 1 POST /hook hang"))
        self.control(mode="hold", count=1)
        result = []
        import threading
        t = threading.Thread(target=lambda: result.append(self.call("POST", "/hook", b"x")))
        t.start()
        # The server says when the request arrived (the /control calls are not announced).
        self.assertTrue(self.proc.stdout.readline().startswith("request 2 POST /hook hold"))
        self.control(release=True)
        t.join(10)
        self.assertEqual(result[0][0], 200)


if __name__ == "__main__":
    unittest.main()
