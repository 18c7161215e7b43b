// The chat embed preview. The server has already checked the identity token and written what it
// found onto <body> (data-state, data-mode, …); this script only builds the chat for the states
// that have one, and talks to the host app's /embed/api routes. No framework, no build step.

/** The BFF's words when the user's app registered no agent session. */
const NO_SESSION = "No active session for this user";

/** Words for a refusal when the server sent no message of its own (it normally does). */
const REASONS = {
  expired: "The sign-in for this chat has expired. Reload the page in your app to get a new one.",
  bad_signature: "This chat's sign-in was not signed by the app, so it cannot be trusted.",
  malformed: "This chat's sign-in token is malformed.",
  user_mismatch: "This chat's sign-in is for a different user than the one in the link.",
  unknown_user: "This chat's sign-in names a user the app does not know.",
  missing_end_user: "This chat's link names no user for its sign-in.",
};

/** What the server rendered onto the page: the only input this script trusts. */
function readPage() {
  const data = document.body.dataset;
  return {
    state: data.state ?? "",
    mode: data.mode ?? "",
    endUser: data.endUser ?? "",
    userName: data.userName ?? "",
    session: data.session ?? "",
    reasonCode: data.reasonCode ?? "",
    registerCommand: data.registerCommand ?? "",
    uiCommand: data.uiCommand ?? "",
    identity: document.querySelector('meta[name="embed-identity"]')?.getAttribute("content") ?? "",
  };
}

function start() {
  const page = readPage();
  if (page.state === "verified" || page.state === "anonymous") mountChat(page);
  else showNotice(page);
}

/** Refused or bad mode: the server's message stays; the script adds a title and makes no call. */
function showNotice(page) {
  const title = document.getElementById("notice-title");
  const message = document.getElementById("notice-message");
  if (page.state === "refused") {
    title.textContent = "This chat can't be opened";
    if (message.textContent.trim() === "")
      message.textContent = REASONS[page.reasonCode] ?? "The sign-in for this chat is not valid.";
  } else if (page.state === "bad-mode") {
    title.textContent = "Unknown chat layout";
    if (message.textContent.trim() === "") message.textContent = "The mode parameter must be drawer or launcher.";
  }
  document.getElementById("notice").setAttribute("role", "alert");
}

function mountChat(page) {
  const template = document.getElementById("chat-template");
  document.body.append(template.content.cloneNode(true));
  const ui = {
    opener: document.getElementById("opener"),
    panel: document.getElementById("chat-panel"),
    close: document.getElementById("close"),
    messages: document.getElementById("messages"),
    composer: document.getElementById("composer"),
    input: document.getElementById("question"),
    send: document.getElementById("send"),
  };
  document.getElementById("chat-subtitle").textContent =
    page.state === "verified" ? `For ${page.userName || page.endUser}` : "Not signed in";
  document.getElementById("question-label").textContent =
    page.state === "verified" ? "Ask about your orders, cart or wallet" : "Search the catalog";

  const setOpen = (open, { moveFocus = true } = {}) => {
    ui.panel.hidden = !open;
    ui.opener.setAttribute("aria-expanded", String(open));
    // The drawer's opener is only there to reopen a closed drawer; the launcher's button stays.
    if (page.mode === "drawer") ui.opener.hidden = open;
    if (!moveFocus) return;
    // Focus follows the user: into the input when the chat opens, back to the button that opens it when it closes.
    if (open) ui.input.focus();
    else ui.opener.focus();
  };
  ui.opener.addEventListener("click", () => setOpen(ui.panel.hidden));
  ui.close.addEventListener("click", () => setOpen(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !ui.panel.hidden) setOpen(false);
  });

  const conversation = createConversation(page, ui);
  ui.composer.addEventListener("submit", (event) => {
    event.preventDefault();
    conversation.submit();
  });
  // The drawer is open on load without taking the focus: the embed must not pull a keyboard
  // user out of the app's own page (the host page's pickers reload it).
  if (page.mode === "drawer") setOpen(true, { moveFocus: false });
  greet(page, ui.messages);
}

function greet(page, list) {
  const hello =
    page.state === "verified"
      ? `Hi ${firstName(page.userName)}, ask me about your spending, a transfer, your orders, or tell me what to add to your cart.`
      : "You are not signed in: I can search the catalog for you. Sign in to your app to ask about your orders, cart or wallet.";
  addMessage(list, "agent", hello);
}

/**
 * One conversation: a question, or the reply to the agent's follow-up question. The follow-up
 * is kept here so that the user's next message is sent as `reply` to the question that raised it.
 */
function createConversation(page, ui) {
  let pending; // the question the agent's follow-up belongs to
  let busy = false;

  async function submit() {
    const text = ui.input.value.trim();
    if (text === "" || busy) return;
    addMessage(ui.messages, "user", text);
    ui.input.value = "";
    const payload = pending === undefined ? { question: text } : { question: pending, reply: text };
    // Anonymous chats send no identity: the server then allows catalog search only.
    if (page.state === "verified") Object.assign(payload, { endUser: page.endUser, identity: page.identity });
    setBusy(true);
    const result = await postJson("/embed/api/ask", payload);
    setBusy(false);
    pending = undefined;
    if (!result.ok) {
      // A token that ran out while the chat was open: only the app can sign a new one.
      const renew = result.body?.code === "identity_invalid" ? " Reload the page in your app to sign in again." : "";
      return addMessage(ui.messages, "agent", `${errorText(result)}${renew}`, "error");
    }
    const answer = result.body;
    if (answer.followUp && !answer.call) {
      pending = payload.question;
      return addMessage(ui.messages, "agent", answer.followUp.question);
    }
    // The server words a missing session as the BFF does; the page makes sure the words are there.
    const said = String(answer.answer ?? "");
    const words = answer.noSession && !said.includes(NO_SESSION) ? `${NO_SESSION}. ${said}` : said;
    const item = addMessage(ui.messages, "agent", words, answer.noSession ? "warning" : undefined);
    if (answer.call) item.append(callDetails(answer.call));
    // Never a dead end: a preview registers at a click; any other chat names the command that does.
    if (answer.noSession) item.append(page.session !== "" ? registerButton(page) : registerSteps(page));
  }

  function setBusy(value) {
    busy = value;
    ui.send.disabled = value;
    ui.messages.setAttribute("aria-busy", String(value));
  }

  return { submit };
}

/**
 * The preview's one-click fix for a missing session: the server signs the demo user in and
 * registers both agent sessions, as the user's app would. Only pages with a `session` show it.
 */
function registerButton(page) {
  const box = element("div", "register");
  const button = element("button", "register__button", "Register sessions as the app would");
  button.type = "button";
  button.addEventListener("click", async () => {
    button.disabled = true;
    const result = await postJson("/embed/api/sessions", {
      endUser: page.endUser,
      identity: page.identity,
      session: page.session,
    });
    const words = result.ok
      ? `Sessions registered (${(result.body.registered ?? []).join(", ")}). Ask again.`
      : `Could not register the sessions: ${errorText(result)}`;
    // Inside the message list, which is a live region: the note is announced without a role of its own.
    box.append(element("p", result.ok ? "register__done" : "register__error", words));
    if (result.ok) {
      // The button is gone: move focus to the input so that the next question can be typed at once.
      button.remove();
      document.getElementById("question").focus();
    } else {
      button.disabled = false;
    }
  });
  box.append(button);
  return box;
}

/**
 * The fix for a chat without a `session`, which may not register from the page (the app does, after
 * login): the command that registers the sessions as the app would, and the terminal UI's way.
 */
function registerSteps(page) {
  const box = element("div", "register");
  box.append(
    element("p", "register__lead", "To register the agent sessions as the app would, run this, then ask again:"),
  );
  box.append(element("code", "register__command", page.registerCommand));
  box.append(
    element(
      "p",
      "register__lead",
      `Or in the terminal UI (${page.uiCommand}): sign in as ${page.userName || page.endUser} (key 1), then press r on the Sessions screen (key 4).`,
    ),
  );
  return box;
}

/** The collapsible "What the agent called": method, URL, status and the (already redacted) headers and body. */
function callDetails(call) {
  const details = element("details", "call");
  details.append(element("summary", "call__summary", "What the agent called"));
  const list = element("dl", "call__fields");
  const field = (name, value, className) => {
    list.append(element("dt", "", name));
    list.append(element("dd", className ?? "", value));
  };
  field("Request", `${call.method} ${call.url}`, "call__request");
  field("Status", String(call.status), "call__status");
  for (const [name, value] of Object.entries(call.headers ?? {})) field(name, String(value), "call__header");
  if (call.body !== undefined)
    field("Body", typeof call.body === "string" ? call.body : JSON.stringify(call.body), "call__body");
  details.append(list);
  return details;
}

/** POSTs JSON; never throws: a network failure or a non-JSON answer becomes a result like any other. */
async function postJson(path, payload) {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    const body = await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, body };
  } catch (error) {
    return { ok: false, status: 0, body: { error: `The sandbox did not answer (${error.message}).` } };
  }
}

/** The server's own words for an error ({error, code, hint?}), which are written for people. */
function errorText(result) {
  const { error, hint } = result.body ?? {};
  const text = typeof error === "string" && error !== "" ? error : `The request failed with status ${result.status}.`;
  return typeof hint === "string" && hint !== "" ? `${text} ${hint}` : text;
}

function addMessage(list, role, text, variant) {
  const item = element("li", `message message--${role}${variant ? ` message--${variant}` : ""}`);
  item.append(element("span", "visually-hidden", role === "user" ? "You: " : "Assistant: "));
  item.append(element("p", "message__text", text));
  list.append(item);
  // Scroll the list itself, not the page: the page around the panel must not move.
  list.scrollTop = list.scrollHeight;
  return item;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function firstName(name) {
  return name.split(" ")[0] || "there";
}

start();
