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

/** The server rendered the demo users as options; a choice for a visitor who is not signed in is added here. */
function fillUserPicker() {
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
  const chosen =
    ui.user.value === ANONYMOUS ? "a visitor who is not signed in" : (ui.user.selectedOptions[0]?.textContent ?? "");
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
// The server rendered the first user's drawer; a page restored from history may show other picks.
if (ui.user.selectedIndex !== 0 || ui.mode.value !== "drawer" || !ui.frame.getAttribute("src")) refresh();
else ui.status.textContent = `Showing the drawer chat for ${ui.user.selectedOptions[0]?.textContent ?? ""}.`;
