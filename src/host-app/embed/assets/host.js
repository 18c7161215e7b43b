// The demo host page ("Your app"): picks a demo user and a layout, asks the host app for a fresh
// identity token and embed URLs (as a real host backend would for its signed-in user), registers
// the user's agent sessions as the app does after login, and points the iframe at the URL for the
// chosen layout.

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

/**
 * What a real app does after its user logs in: register the agent sessions (the preview route signs
 * the demo user in to the storefront and the wallet and registers both, from the embed URL's values).
 * Answers the servers that have one now; throws with the server's words.
 */
async function registerSessions(embedUrl) {
  const query = new URL(embedUrl, location.href).searchParams;
  const response = await fetch("/embed/api/sessions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      endUser: query.get("endUser"),
      identity: query.get("identity"),
      session: query.get("session"),
    }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ?? `status ${response.status}`);
  return body.registered ?? [];
}

/** The user whose sessions the page registered last: a new pick of a user is a login, a new layout is not. */
let signedIn;
/** Picks that came after this one win: an earlier answer that arrives late changes nothing. */
let picks = 0;

/**
 * Each change signs a new identity: the page never reuses a token that may have run out. A new user
 * is registered before the chat opens, so that the first question already finds the sessions.
 */
async function refresh() {
  const pick = ++picks;
  const userId = ui.user.value;
  const chosen =
    userId === ANONYMOUS ? "a visitor who is not signed in" : (ui.user.selectedOptions[0]?.textContent ?? "");
  ui.status.textContent = `Loading the chat for ${chosen}…`;
  let urls;
  try {
    urls = await embedUrls(userId);
  } catch (error) {
    if (pick === picks) ui.status.textContent = `Could not get an identity for ${chosen}: ${error.message}`;
    return;
  }
  const url = urls[ui.mode.value];
  // Nobody signed in is a logout: the next pick of a user is a login again.
  if (userId === ANONYMOUS) signedIn = undefined;
  const registered = userId === ANONYMOUS || userId === signedIn ? "" : await signIn(userId, url, chosen);
  if (pick !== picks) return;
  ui.frame.src = url;
  ui.link.href = url;
  ui.status.textContent = `${registered}Showing the ${ui.mode.value} chat for ${chosen}.`;
}

/** Registers the user's sessions; answers what the status line says about it (a failure too: the chat then offers to retry). */
async function signIn(userId, url, chosen) {
  try {
    const servers = await registerSessions(url);
    signedIn = userId;
    return `Signed in: the app registered the agent sessions (${servers.join(", ")}). `;
  } catch (error) {
    signedIn = undefined;
    return `The app could not register the agent sessions of ${chosen} (${error.message}): the chat offers to try again. `;
  }
}

/** The first user's chat is on the page already: register their sessions, as the app does after login. */
async function signInRendered() {
  const chosen = ui.user.selectedOptions[0]?.textContent ?? "";
  const pick = picks;
  ui.status.textContent = `Showing the drawer chat for ${chosen}; registering the agent sessions…`;
  const registered = await signIn(ui.user.value, ui.frame.getAttribute("src"), chosen);
  if (pick === picks) ui.status.textContent = `${registered}Showing the drawer chat for ${chosen}.`;
}

fillUserPicker();
ui.form.addEventListener("change", refresh);
// Nothing to submit: the pickers apply as soon as they change.
ui.form.addEventListener("submit", (event) => event.preventDefault());
// The server rendered the first user's drawer; a page restored from history may show other picks.
// Either way the app registers the user's sessions now, as it would after login.
if (ui.user.selectedIndex !== 0 || ui.mode.value !== "drawer" || !ui.frame.getAttribute("src")) refresh();
else signInRendered();
