"""A sandbox per pytest-xdist worker (each worker is a pytest session of its own), back at its seed before each test.

The controls (reset, clock, faults, journal) act on the whole sandbox, so workers must not share one.
"""

import json
import secrets
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest

SANDBOX = ["npx", "--no", "--", "agent-commerce-sandbox"]


def cli(*args):
    """Runs the package's own CLI, from node_modules: `npx --no` never fetches one from the registry."""
    done = subprocess.run([*SANDBOX, *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"agent-commerce-sandbox {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


class Sandbox:
    def __init__(self, started, users, service_token):
        self.urls = started["urls"]
        self.users = {user["email"]: user for user in users}
        self.service_token = service_token

    def call(self, service, method, path, body=None, token=None, headers=None):
        """One request to a server: (status, JSON body). A 4xx or 5xx is an answer too, not an exception."""
        request = urllib.request.Request(f"{self.urls[service]}{path}", method=method, headers=dict(headers or {}))
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        if body is not None:
            request.data = json.dumps(body).encode()
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def control(self, method, path, body=None):
        """A sandbox control (/__sandbox/…): every server answers them."""
        return self.call("storefront", method, f"/__sandbox/{path}", body)[1]

    def sign_in(self, email):
        """The user's storefront token, as their app's login gets it."""
        login = {"email": email, "password": self.users[email]["password"]}
        status, answer = self.call("storefront", "POST", "/api/auth/login", login)
        assert status == 200, answer
        return answer["token"]

    def as_agent(self, email):
        """Registers the user's agent session, as their app does after login; answers a call(method, path, body) as
        the agent makes it: with the service token, for that user."""
        session = {"userId": self.users[email]["id"], "token": self.sign_in(email)}
        status, answer = self.call("storefront", "POST", "/api/agent/session", session)
        assert status == 200, answer
        headers = {"Authorization": f"Bearer {self.service_token}", "X-End-User-Id": session["userId"]}
        return lambda method, path, body=None: self.call("storefront", method, path, body, headers=headers)


@pytest.fixture(scope="session")
def sandbox():
    service_token = secrets.token_hex(32)  # the agent's token: our own, so that the tests know it
    with tempfile.TemporaryDirectory(prefix="sandbox-") as data_dir:
        # Free ports (0) and a data dir of this worker's own.
        started = json.loads(cli("start", "--detach", "--json", "--data-dir", data_dir,
                                 "--storefront-port", "0", "--wallet-port", "0", "--host-port", "0",
                                 "--bff-service-token", service_token))
        try:
            yield Sandbox(started, json.loads(cli("users", "--json")), service_token)
        finally:
            cli("stop", "--data-dir", data_dir)


@pytest.fixture(autouse=True)
def fresh(sandbox):
    sandbox.control("POST", "reset")  # every cart empty, no agent sessions
    sandbox.control("POST", "clock", {"reset": True})
    sandbox.control("DELETE", "faults")
    sandbox.control("DELETE", "journal")
