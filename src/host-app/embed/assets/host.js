// The demo host page ("Your app"): picks a demo user and a layout, asks the host app for a fresh
// identity token and embed URLs (as a real host backend would for its signed-in user), and
// points the iframe at the URL for the chosen layout.

/** The user picker's value for "nobody signed in": the embed then opens without an identity. */
const ANONYMOUS = "";

const ui = {
  form: document.getElementById("pickers"),
  user: document.getElementById("user"),
  mode: document.getElementById("mode"),
  status: document.getElementById("status"),
  frame: document.getElementById("embed"),
  link: document.getElementById("embed-link"),
};

/** The demo users the server rendered onto <body data-users>; [] when it rendered none. */
function demoUsers() {
  try {
    const users = JSON.parse(document.body.dataset.users ?? "[]");
    return Array.isArray(users) ? users : [];
  } catch {
    return [];
  }
}

/** Fills the picker, unless the server already rendered its options. */
function fillUserPicker() {
  if (ui.user.options.length === 0) {
    for (const user of demoUsers()) ui.user.append(new Option(user.email ? `${user.name} (${user.email})` : user.name, user.id));
  }
  ui.user.append(new Option("Nobody signed in", ANONYMOUS));
}

/** What the host backend gives the page for a user: the embed URLs with a fresh identity. */
async function embedUrls(userId) {
  if (userId === ANONYMOUS) {
    // No identity for a visitor who is not signed in: the embed opens as an anonymous chat.
    const url = (mode) => `/embed?${new URLSearchParams({ mode })}`;
    return { drawer: url("drawer"), launcher: url("launcher") };
  }
  const response = await fetch("/embed/api/identity", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ?? `status ${response.status}`);
  return body.urls;
}

/** Each change signs a new identity: the page never reuses a token that may have run out. */
async function refresh() {
  const chosen = ui.user.selectedOptions[0]?.textContent ?? "";
  ui.status.textContent = `Loading the chat for ${chosen}…`;
  try {
    const urls = await embedUrls(ui.user.value);
    const url = urls[ui.mode.value];
    ui.frame.src = url;
    ui.link.href = url;
    ui.status.textContent = `Showing the ${ui.mode.value} chat for ${chosen}.`;
  } catch (error) {
    ui.status.textContent = `Could not get an identity for ${chosen}: ${error.message}`;
  }
}

fillUserPicker();
ui.form.addEventListener("change", refresh);
// Nothing to submit: the pickers apply as soon as they change.
ui.form.addEventListener("submit", (event) => event.preventDefault());
refresh();
