/* Web Push on the personal page: where the browser can take pushes, show the offer (#push-offer, hidden in the
   page); on a tap, ask the browser's permission, register the service worker (js/push-worker.js), subscribe with
   the site's VAPID public key and send the subscription to the page's push address (players.views.push_subscription).
   The personal link's token in that address is the credential. */
(function () {
  "use strict";

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function show(offer, selector) {
    ["button.push-on", ".push-done", ".push-refused", ".push-failed"].forEach(function (other) {
      var element = offer.querySelector(other);
      if (element) {
        element.hidden = other !== selector;
      }
    });
  }

  function subscribe(offer) {
    return Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        throw new Error("refused"); // "denied", or the question dismissed ("default"): asked again on the next tap
      }
      return navigator.serviceWorker.register(offer.getAttribute("data-push-worker"));
    }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(offer.getAttribute("data-push-key"))
      });
    }).then(function (subscription) {
      return fetch(offer.getAttribute("data-push-url"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
        credentials: "omit"
      });
    }).then(function (response) {
      if (!response.ok) {
        throw new Error("not kept");
      }
    });
  }

  function init() {
    var offer = document.getElementById("push-offer");
    if (!offer || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      return; // the browser cannot take pushes: nothing is offered
    }
    offer.hidden = false;
    if (Notification.permission === "denied") {
      show(offer, ".push-refused");
    }
    var button = offer.querySelector("button.push-on");
    button.addEventListener("click", function () {
      button.disabled = true; // one question at a time
      subscribe(offer).then(function () { show(offer, ".push-done"); }, function () {
        button.disabled = false;
        // Permission refused, or the browser's push service (or this site) did not take the subscription.
        show(offer, Notification.permission === "denied" ? ".push-refused" : ".push-failed");
        if (Notification.permission !== "denied") {
          button.hidden = false; // it may work on another try
        }
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
