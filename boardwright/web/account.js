// The account page: sign up (a guest keeps its games), log in, change the password, log out.

import { api } from "./dom.js";
import { errorText, identityName, me, renderNav } from "./identity.js";
import { initialLanguage, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function say(error, done) {
  $("account-error").hidden = !error;
  $("account-error").textContent = error || "";
  $("account-done").hidden = !done;
  $("account-done").textContent = done || "";
}

async function render() {
  const identity = await renderNav($("nav"));
  const kind = identity ? identity.kind : "none";
  document.body.dataset.identity = kind;
  $("who").textContent = !identity ? t("web.account.nobody")
    : kind === "guest" ? t("web.account.guest_note", { name: identity.name })
      : t("web.account.signed_in", { name: identity.name });
  $("signup-form").hidden = kind === "account";
  $("login-form").hidden = kind === "account";
  $("password-form").hidden = kind !== "account";
  $("logout").hidden = !identity;
  $("logout-everywhere").hidden = !identity;
  document.title = `boardwright · ${identity ? identityName(identity) : t("web.account.title")}`;
}

function submit(form, action) {
  $(form).addEventListener("submit", async (event) => {
    event.preventDefault();
    say(null, null);
    try {
      const done = await action();
      await me(true);
      await render();
      say(null, done || null);
    } catch (err) {
      say(errorText(err), null);
    }
  });
}

async function start() {
  await loadLanguage(initialLanguage());
  translatePage();
  languageSwitch($("lang"), null, () => render());
  submit("signup-form", async () => {
    await api("/api/me/signup", { method: "POST", body: {
      name: $("signup-name").value, password: $("signup-password").value } });
    $("signup-password").value = "";
    return t("web.account.welcome");
  });
  submit("login-form", async () => {
    await api("/api/me/login", { method: "POST", body: {
      name: $("login-name").value, password: $("login-password").value } });
    $("login-password").value = "";
    return t("web.account.welcome");
  });
  submit("password-form", async () => {
    await api("/api/me/password", { method: "POST", body: {
      old_password: $("old-password").value, new_password: $("new-password").value } });
    $("old-password").value = $("new-password").value = "";
    return t("web.account.password_changed");
  });
  for (const [id, path] of [["logout", "/api/me/logout"],
                            ["logout-everywhere", "/api/me/logout-everywhere"]]) {
    $(id).addEventListener("click", async () => {   // everywhere: every browser's session
      say(null, null);
      try {
        await api(path, { method: "POST" });
        await me(true);
        await render();
      } catch (err) {
        say(errorText(err), null);
      }
    });
  }
  await render();
  document.body.dataset.ready = "true";
}

start().catch((err) => say(errorText(err), null));
