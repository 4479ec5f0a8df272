// maintd's status page: keeps the page's live parts current by polling the page itself (304 while
// nothing changed), and sends the operator's changes to the API with basic auth.
(function () {
  'use strict';
  var body = document.body;
  var period = parseInt(body.getAttribute('data-poll'), 10) || 2000;
  var notice = document.getElementById('notice');
  var login = document.getElementById('login');
  var etag = null;
  var timer = null;
  var gone = false;
  document.documentElement.className += ' js';

  function say(kind, text) {
    notice.className = kind;
    notice.textContent = text;
  }

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('[data-part]').forEach(function (fresh) {
      var old = document.querySelector('[data-part="' + fresh.getAttribute('data-part') + '"]');
      if (old && old.innerHTML !== fresh.innerHTML) {
        old.innerHTML = fresh.innerHTML;
      }
    });
  }

  function poll() {
    clearTimeout(timer);
    var headers = etag ? { 'If-None-Match': etag } : {};
    fetch(location.pathname + location.search, { headers: headers, cache: 'no-store' })
      .then(function (r) {
        if (r.status === 304) {
          return null;
        }
        if (r.status === 404) {
          gone = true;
          throw new Error('what this page shows is no longer kept (an incident acknowledged, or forgotten once its fault cleared)');
        }
        if (!r.ok) {
          throw new Error('the daemon answered ' + r.status);
        }
        etag = r.headers.get('ETag');
        return r.text();
      })
      .then(function (html) {
        if (html !== null) {
          swap(html);
        }
        body.classList.remove('stale');
      })
      .catch(function (e) {
        body.classList.add('stale');
        say('refused', 'The page is not current: ' + e.message + (gone ? '.' : '; trying again.'));
      })
      .then(function () {
        if (!gone) {
          timer = setTimeout(poll, period);
        }
      });
  }

  function base64(text) {
    var binary = '';
    new TextEncoder().encode(text).forEach(function (b) {
      binary += String.fromCharCode(b);
    });
    return btoa(binary);
  }

  function showUser() {
    var user = sessionStorage.getItem('maintd-user');
    document.getElementById('who').textContent = user
      ? 'changes as ' + user
      : 'changes need a user with write';
  }

  login.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var user = login.elements.user.value;
    if (user) {
      sessionStorage.setItem('maintd-auth', 'Basic ' + base64(user + ':' + login.elements.password.value));
      sessionStorage.setItem('maintd-user', user);
    } else {
      sessionStorage.removeItem('maintd-auth');
      sessionStorage.removeItem('maintd-user');
    }
    login.elements.password.value = '';
    showUser();
  });

  function send(button) {
    var what = button.getAttribute('data-what') || button.textContent;
    var key = button.getAttribute('data-key');
    var url = button.getAttribute('data-url') + (key === null ? '' : encodeURIComponent(key));
    var headers = {};
    var auth = sessionStorage.getItem('maintd-auth');
    if (auth) {
      headers.Authorization = auth;
    }
    button.disabled = true;
    say('pending', 'Sending the ' + what + '...');
    // credentials omitted: a refusal is shown on the page, never as the browser's password prompt
    fetch(url, { method: button.getAttribute('data-method'), headers: headers, credentials: 'omit' })
      .then(function (r) {
        return r.text().then(function (text) {
          var message = text;
          try {
            message = JSON.parse(text).message || text;
          } catch (notJson) {
            message = text;
          }
          if (r.ok) {
            say('done', 'Done: the ' + what + ' (' + r.status + ').');
          } else {
            say('refused', 'Refused (' + r.status + '): ' + message);
          }
        });
      })
      .catch(function (e) {
        say('refused', 'The ' + what + ' was not sent: ' + e.message);
      })
      .then(function () {
        button.disabled = false;
        poll();
      });
  }

  document.addEventListener('click', function (ev) {
    var button = ev.target.closest('button.act');
    if (!button) {
      return;
    }
    var question = button.getAttribute('data-confirm');
    if (question === null || window.confirm(question)) {
      send(button);
    }
  });

  showUser();
  timer = setTimeout(poll, period);
})();
