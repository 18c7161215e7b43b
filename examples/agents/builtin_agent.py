# examples/agents/builtin_agent.py
# The sandbox's built-in agent as an agent under test, in Python with the standard library only:
# `sandbox run --agent "python3 examples/agents/builtin_agent.py"`. The same adapter as
# builtin-agent.mjs: the protocol of docs/agent-testing.md, the host app's chat route as the
# scenario's user, and the conversation kept, so that the answer to a follow-up question works.
import json, os, sys, urllib.error, urllib.request

host, user = os.environ["SANDBOX_HOST_URL"], os.environ["SANDBOX_END_USER_ID"]
pending = None  # the question whose follow-up the agent asked: the next message answers it


def post(path, body):
    request = urllib.request.Request(f"{host}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        return json.load(urllib.request.urlopen(request, timeout=30))
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{path} answered {error.code}: {json.load(error).get('error')}") from error


def reply(text):
    global pending
    identity = post("/embed/api/identity", {"userId": user})["identity"]  # fresh each turn, as a page gets one
    asked = {"question": text} if pending is None else {"question": pending, "reply": text}
    answer = post("/embed/api/ask", {**asked, "identity": identity, "endUser": user})
    pending = asked["question"] if answer.get("followUp") else None
    return answer["answer"]


for line in sys.stdin:
    message = json.loads(line) if line.strip() else {}
    if message.get("type") != "message":
        continue
    try:
        text = reply(message["text"])
    except Exception as error:  # what went wrong is the reply, as a chat would say it
        text = f"Sorry, I could not do that: {error}"
    print(json.dumps({"type": "reply", "text": text}), flush=True)
