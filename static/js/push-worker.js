/* The service worker of the players' Web Push (tournaments.push sends {"title", "body", "url"}): show the news as
   a notification; a tap opens the player's page. */
"use strict";

self.addEventListener("push", function (event) {
  var news = {};
  try {
    news = event.data ? event.data.json() : {};
  } catch (error) {
    news = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(news.title || "", {
    body: news.body || "",
    data: { url: news.url || "/" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
