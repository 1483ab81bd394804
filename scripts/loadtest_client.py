"""The load generator of scripts/loadtest: simulated clients over raw asyncio sockets
(one connection per request, like gunicorn's sync workers), closed loop, latency per call.

Run in a few processes by loadtest_run.py; each process prints one JSON line of results.
"""

import asyncio
import json
import random
import sys
import time


async def request(host: str, port: int, method: str, path: str, cookie: str | None, body: bytes | None) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        head = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + (body or b""))
        await writer.drain()
        status_line = await reader.readline()
        await reader.read()  # until the server closes: the whole answer
        return int(status_line.split()[1])
    finally:
        writer.close()


class Recorder:
    def __init__(self, measure_from: float, measure_until: float):
        self.measure_from, self.measure_until = measure_from, measure_until
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    async def call(self, name: str, *args) -> int:
        started = time.perf_counter()
        try:
            status = await request(*args)
        except OSError:
            status = 0
        finished = time.perf_counter()
        if self.measure_from <= started and finished <= self.measure_until:
            self.latencies.setdefault(name, []).append((finished - started) * 1000)
            if not 200 <= status < 300:
                self.errors[name] = self.errors.get(name, 0) + 1
        return status


CHANGED = "preferred_name"  # the one answer each autosave changes


def changed_value(user: int, step: int) -> str:
    return f"M{user % 1000}-{step % 1000}"


def page_body(page: dict, user: int, step: int) -> bytes:
    """A realistic page of answers, one value changed each time (an autosave)."""
    return json.dumps({**page, CHANGED: changed_value(user, step)}).encode()


async def user_loop(plan: dict, recorder: Recorder, user: int, stop_at: float, saved: dict) -> None:
    host, port, scenario = plan["host"], plan["port"], plan["scenario"]
    cookies = plan["cookies"]
    cookie = cookies[user % len(cookies)] if cookies else None
    step = 0
    if scenario == "journey":
        await recorder.call("GET /api/profile", host, port, "GET", "/api/profile", cookie, None)
    while time.perf_counter() < stop_at:
        step += 1
        body = page_body(plan["page"], user, step)
        if scenario == "bare":
            await recorder.call("PUT /bare", host, port, "PUT", "/bare", None, body)
        elif scenario == "floor":
            await recorder.call("PUT /floor", host, port, "PUT", "/floor", None, body)
        elif scenario in ("answer", "switch"):
            status = await recorder.call("PUT /api/answer", host, port, "PUT", "/api/answer", cookie, body)
            if 200 <= status < 300:
                saved[user] = changed_value(user, step)  # what the applicant's next load must show
        else:  # an applicant: autosaves of the page, the page saved as last page, now and then a reload
            await recorder.call("PUT /api/answer", host, port, "PUT", "/api/answer", cookie, body)
            route = random.choice(plan["routes"])
            await recorder.call(
                "PUT /api/last-page",
                host,
                port,
                "PUT",
                "/api/last-page",
                cookie,
                json.dumps({"last_page": route}).encode(),
            )
            if step % 5 == 0:
                await recorder.call("GET /api/profile", host, port, "GET", "/api/profile", cookie, None)


async def main(plan: dict) -> dict:
    now = time.perf_counter()
    measure_from = now + plan["warmup"]
    stop_at = measure_from + plan["duration"]
    recorder = Recorder(measure_from, stop_at)
    saved: dict[int, str] = {}
    users = [user_loop(plan, recorder, plan["first_user"] + i, stop_at, saved) for i in range(plan["users"])]
    await asyncio.gather(*users)
    return {"latencies": recorder.latencies, "errors": recorder.errors, "saved": saved}


if __name__ == "__main__":
    result = asyncio.run(main(json.loads(sys.stdin.read())))
    sys.stdout.write(json.dumps(result))
