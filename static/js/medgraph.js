/* MedGraph clinician UI behaviour. No inline scripts: the CSP forbids them. */
(function () {
  "use strict";

  // The language picker submits itself (the noscript button covers no-JS use).
  document.addEventListener("change", function (evt) {
    if (evt.target && evt.target.matches("select[data-autosubmit]")) {
      evt.target.form.submit();
    }
  });

  // Collapsible header menu on narrow screens.
  document.addEventListener("click", function (evt) {
    var toggle = evt.target.closest && evt.target.closest("[data-menu-toggle]");
    if (!toggle) return;
    var menu = document.getElementById(toggle.getAttribute("aria-controls"));
    var open = toggle.getAttribute("aria-expanded") === "true";
    toggle.setAttribute("aria-expanded", open ? "false" : "true");
    if (menu) menu.classList.toggle("open", !open);
  });

  var busy = 0;
  function setBusy(delta) {
    busy = Math.max(0, busy + delta);
    var el = document.getElementById("busy");
    if (el) el.hidden = busy === 0;
    document.body.classList.toggle("is-busy", busy > 0);
  }

  function showError(message) {
    var box = document.getElementById("htmx-error");
    if (!box) return;
    box.querySelector("[data-text]").textContent = message || box.getAttribute("data-default");
    box.hidden = false;
    box.focus();
  }

  var focusAfter = null;
  var trigger = null;
  // Focus follows what the user did, never what the page did on its own
  // (polling) or while the user is still typing (live search).
  function isPoll(elt) {
    return !!(elt && elt.getAttribute && /every|load|revealed/.test(elt.getAttribute("hx-trigger") || ""));
  }
  function movesFocus(elt) {
    if (!elt || !elt.matches || isPoll(elt)) return false;
    return !elt.matches("input[type=search], input[type=text], textarea");
  }
  document.addEventListener("htmx:beforeRequest", function (evt) {
    trigger = evt.detail.elt;
    if (!isPoll(trigger)) setBusy(1);
    var box = document.getElementById("htmx-error");
    if (box) box.hidden = true;
    var target = evt.detail.target;
    if (target) target.setAttribute("aria-busy", "true");
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (!isPoll(evt.detail.elt)) setBusy(-1);
    var target = evt.detail.target;
    if (target) target.removeAttribute("aria-busy");
    if (evt.detail.failed && !evt.detail.successful) {
      var xhr = evt.detail.xhr;
      if (!xhr || xhr.status === 0) showError(null);
    }
  });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    focusAfter = target && target.id && movesFocus(trigger) ? target.id : null;
  });
  // After a swap, focus moves to what changed so keyboard and screen-reader
  // users continue where the update happened instead of at <body>.
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusAfter) return;
    var el = document.getElementById(focusAfter);
    focusAfter = null;
    if (!el) return;
    var field = el.querySelector("[aria-invalid=true], .has-error input, .has-error select, .has-error textarea");
    var into = field || el;
    if (!into.hasAttribute("tabindex") && !field) into.setAttribute("tabindex", "-1");
    if (document.activeElement && el.contains(document.activeElement) &&
        document.activeElement.matches("input[type=search]")) return;  // keep typing
    into.focus({ preventScroll: false });
  });
  document.addEventListener("htmx:responseError", function (evt) {
    var xhr = evt.detail.xhr;
    var box = document.getElementById("htmx-error");
    var text = box ? box.getAttribute("data-http") : "";
    showError((text || "") + " " + (xhr ? xhr.status : ""));
  });
  document.addEventListener("htmx:sendError", function () { showError(null); });
  document.addEventListener("htmx:timeout", function () { showError(null); });
})();
