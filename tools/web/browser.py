"""A headless Chromium driven over the DevTools protocol, Python stdlib only.

Used by tools/web/check (the real-browser test) and tools/web/bench. Starts
Debian's chromium-headless-shell with SwiftShader's WebGL2, opens pages,
collects console errors and uncaught exceptions, reads <body> attributes and
captures PNG screenshots; PNGs are decoded here too (8-bit RGB/RGBA).
"""

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
CANDIDATES = ["chromium-headless-shell", "/usr/lib/chromium/headless_shell", "chromium", "chromium-browser"]


def find_chromium():
    for name in [os.environ.get("CHROMIUM", "")] + CANDIDATES:
        path = name and shutil.which(name)
        if path:
            return path
    raise SystemExit("no chromium-headless-shell: install it (sudo apt-get install chromium-headless-shell) "
                     "or set CHROMIUM=/path/to/chromium")


def serve():
    """Starts site-serve (built by cargo) on a free port of 127.0.0.1; returns (process, base URL)."""
    exe = os.path.join(TARGET, "debug", "site-serve")
    server = subprocess.Popen([exe, "--port", "0", "--dir", os.path.join(ROOT, "target", "site")],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if "http://" not in line:
        raise SystemExit(f"site-serve did not start: {line!r}")
    return server, line.split("at ")[1].split()[0].rstrip("/")


class WebSocket:
    """Just enough RFC 6455 for the DevTools protocol: masked text frames out, text frames in."""

    def __init__(self, url):
        m = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        self.sock = socket.create_connection((m.group(1), int(m.group(2))), timeout=120)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {m.group(3)} HTTP/1.1\r\nHost: {m.group(1)}:{m.group(2)}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("the browser closed the DevTools connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"DevTools handshake refused: {head[:80]!r}")

    def send(self, text):
        data = text.encode()
        header = bytearray([0x81])
        n = len(data)
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", n)
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise RuntimeError("the browser closed the DevTools connection")
            out += chunk
        return out

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise RuntimeError("the browser closed the DevTools connection")
            if opcode in (0, 1, 2):
                message += payload
                if b0 & 0x80:
                    return message.decode()


class Browser:
    """One headless Chromium; `extra` flags are added (e.g. --disable-webgl)."""

    def __init__(self, extra=(), size=(1280, 800)):
        self.profile = tempfile.mkdtemp(prefix="course-chromium-")
        flags = [
            find_chromium(), "--headless", "--no-sandbox", "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}", f"--window-size={size[0]},{size[1]}", "--hide-scrollbars",
            "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
            "--no-first-run", "--mute-audio", *extra, "about:blank",
        ]
        self.process = subprocess.Popen(flags, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        url = None
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.process.stderr.readline()
            found = re.search(r"(ws://\S+)", line)
            if found:
                url = found.group(1)
                break
            if not line and self.process.poll() is not None:
                break
        if url is None:
            raise SystemExit("chromium did not start (no DevTools address on its stderr)")
        self.ws = WebSocket(url)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def open(self, url):
        self.events = []
        self.call("Page.navigate", {"url": url}, session=True)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        return result.get("result", {}).get("value")

    def body(self, name):
        return self.evaluate(f"document.body ? document.body.getAttribute({json.dumps(name)}) : null")

    def wait(self, condition, seconds):
        """Polls the JavaScript `condition` until true; returns whether it came true in time."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.evaluate(condition):
                return True
            time.sleep(0.1)
        return False

    def errors(self):
        """Console errors and uncaught exceptions seen since the page was opened."""
        self.evaluate("0")  # collect pending events
        out = []
        for e in self.events:
            method, p = e.get("method"), e.get("params", {})
            if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append(d.get("exception", {}).get("description") or d.get("text", "exception"))
            elif method == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    def key(self, code, key, vk, down):
        """Presses (down) or releases one key, as the keyboard would: the page's
        focused element gets keydown or keyup (`code` "KeyW", `key` "w", the
        Windows key code 87)."""
        self.call("Input.dispatchKeyEvent", {
            "type": "rawKeyDown" if down else "keyUp", "code": code, "key": key,
            "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}, session=True)

    def screenshot(self, clip):
        """PNG bytes of the page rectangle clip = (x, y, w, h) in CSS pixels."""
        x, y, w, h = clip
        shot = self.call("Page.captureScreenshot", {
            "format": "png", "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}}, session=True)
        return base64.b64decode(shot["data"])

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def read_png(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[k:k + 3]) for k in range(0, stride, bpp)])
        previous = line
    return width, height, rows


def differing_share(a, b, threshold):
    """Share of pixels whose largest channel difference exceeds `threshold` (0-255); sizes must agree."""
    (wa, ha, ra), (wb, hb, rb) = a, b
    if (wa, ha) != (wb, hb):
        raise ValueError(f"sizes differ: {wa}x{ha} against {wb}x{hb}")
    bad = 0
    for row_a, row_b in zip(ra, rb):
        for p, q in zip(row_a, row_b):
            if max(abs(p[0] - q[0]), abs(p[1] - q[1]), abs(p[2] - q[2])) > threshold:
                bad += 1
    return bad / (wa * ha)


def drawn_share(image, threshold=24):
    """Share of pixels that differ from the top-left pixel (the background) by more than `threshold`."""
    w, h, rows = image
    bg = rows[0][0]
    n = sum(1 for row in rows for p in row if max(abs(p[0] - bg[0]), abs(p[1] - bg[1]), abs(p[2] - bg[2])) > threshold)
    return n / (w * h)
