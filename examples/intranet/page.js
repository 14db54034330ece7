// The page's script: a file, not an inline <script>, because the page is served with a strict
// Content-Security-Policy (serve.mjs) that allows scripts only from this origin and the Tessera server.
const params = new URLSearchParams(location.search);
// Where the Tessera server runs: ?tessera=http://host:port, default http://localhost:3000.
const tessera = (params.get('tessera') || 'http://localhost:3000').replace(/\/+$/, '');
const status = document.getElementById('tessera-status');
const topicStatus = document.getElementById('topic-status');
const viewer = document.querySelector('tessera-topic-viewer');
const check = document.querySelector('tessera-knowledge-check');
const checkStatus = document.getElementById('check-status');
// The documents page takes the same ?tessera= (and ?organization=).
document.querySelector('a[href="bioreq.html"]').search = location.search;
for (const widget of document.querySelectorAll('tessera-login, tessera-starred-topics, tessera-topic-viewer, tessera-knowledge-check')) {
  widget.setAttribute('api-base', `${tessera}/api`);
}

function openTopic(topicId) {
  viewer.setAttribute('topic', topicId);
  viewer.hidden = false;
  topicStatus.textContent = 'The topic is open beside your starred topics.';
  // The topic's knowledge check, below it (the widget says so when the topic has none).
  check.removeAttribute('component');
  check.setAttribute('topic', topicId);
  check.hidden = false;
}
const topicFromUrl = params.get('topic');
if (topicFromUrl) openTopic(topicFromUrl);
// A starred topic was chosen: show it in the viewer beside the list.
document.addEventListener('tessera-open-topic', (event) => openTopic(event.detail.topicId));
// Or a component's check: ?component=<id>.
const componentFromUrl = params.get('component');
if (componentFromUrl && !topicFromUrl) {
  check.setAttribute('component', componentFromUrl);
  check.hidden = false;
}
// The knowledge check's events: started, each answer saved, finished with the score.
document.addEventListener('tessera-kc-start', () => {
  checkStatus.textContent = 'Knowledge check started.';
});
document.addEventListener('tessera-kc-answer', () => {
  checkStatus.textContent = 'Answer saved.';
});
document.addEventListener('tessera-kc-complete', (event) => {
  const { score, correctAnswers, incorrectAnswers } = event.detail;
  checkStatus.textContent = `Knowledge check finished: ${score.toFixed(2)}% (${correctAnswers} correct, ${incorrectAnswers} incorrect).`;
});
// A procedure row was ticked or unticked in the viewer.
document.addEventListener('tessera-complete', (event) => {
  topicStatus.textContent = event.detail.complete ? 'Step marked complete.' : 'Step marked incomplete.';
});

// The search form is the page's own; it goes nowhere in this example.
document.querySelector('form[role="search"]').addEventListener('submit', (event) => event.preventDefault());

// The widget's events are composed and bubble: the host hears them anywhere up the tree.
// tessera-session tells the state on load (already logged in?) and on every change, in this tab or another one.
let sessionState = null;
document.addEventListener('tessera-session', (event) => {
  // Dispatched once per change of the page (not once per widget); `via` says how the session was obtained.
  const { state, reason, storage, via } = event.detail;
  if (state === sessionState) return;
  sessionState = state;
  const memory = storage === 'memory' ? ' (this frame cannot use localStorage: the session lasts until the page closes)' : '';
  const how = via === 'embed-session' ? ' through the intranet' : via === 'popup' ? ' through the Tessera window' : '';
  if (state === 'logged-in') status.textContent = `You are logged in to Tessera${how}.${memory}`;
  else if (reason === 'expired') status.textContent = 'Your Tessera session has expired. Please log in again.';
  else status.textContent = reason === 'load' ? `You are not logged in to Tessera yet.${memory}` : 'You have logged out of Tessera.';
});
document.addEventListener('tessera-login', (event) => {
  const user = event.detail.user;
  status.textContent = user ? `Welcome, ${user.name}! You are logged in to Tessera as ${user.email}.` : 'You are logged in to Tessera.';
});
document.addEventListener('tessera-logout', () => {
  status.textContent = 'You have logged out of Tessera.';
});

// ?hostile adds an even harsher stylesheet (what the hostile-host journey uses): `all: revert` and an 8px
// font size on every element, and a 62.5% root font size.
if (params.has('hostile')) {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = 'hostile.css';
  document.head.append(sheet);
}

/**
 * The session provider: the intranet's own backend (serve.mjs, POST /session) mints an embed session for the
 * employee the intranet signed in, and the widgets exchange it. Called only when the page has no Tessera session.
 */
const sessionProvider = () =>
  fetch('/session', { method: 'POST' })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`The intranet's backend answered ${response.status}.`))))
    .then((body) => body.session_token);

// Equivalent to <script src="http://localhost:3000/widgets/tessera-widgets.js">, with the server configurable.
// ?bundles=tessera-login.js,tessera-widgets.js loads both bundles, as a page that grew them separately does:
// they share one page runtime (one login).
function loadWidgets(withProvider) {
  const bundles = (params.get('bundles') || 'tessera-widgets.js').split(',').filter((name) => ['tessera-login.js', 'tessera-widgets.js'].includes(name));
  for (const bundle of bundles) {
    const script = document.createElement('script');
    script.src = `${tessera}/widgets/${bundle}`;
    script.async = false;
    // The page-wide provider, for every element (one provider call and one exchange for all of them).
    if (withProvider) script.onload = () => window.Tessera.setSessionProvider(sessionProvider);
    script.onerror = () => {
      status.textContent = `Could not load the Tessera widgets from ${tessera}. Is the Tessera server running (npm start)?`;
    };
    document.head.append(script);
  }
}

// With the intranet's backend configured (GET /session), the employee is signed in to Tessera by the intranet: no
// Tessera login at all. Without it, <tessera-login> signs people in (its password form: ?login=popup for the
// "Log in with Tessera" window instead).
// A sandboxed frame has an opaque origin ("null"): its own backend is another origin to it, so it does not ask.
(window.origin === 'null' ? Promise.resolve({}) : fetch('/session').then((response) => response.json()))
  .then((body) => body.backend === true)
  .catch(() => false)
  .then((backend) => {
    const login = document.querySelector('tessera-login');
    if (backend) {
      document.getElementById('training-intro').textContent = 'You are signed in to the intranet: your Tessera training opens without another login.';
      // Set before the elements are defined, so none of them shows a login first (each adopts it as it upgrades).
      for (const widget of document.querySelectorAll('tessera-login, tessera-starred-topics, tessera-topic-viewer, tessera-knowledge-check')) {
        widget.sessionProvider = sessionProvider;
      }
    } else {
      login.setAttribute('login-mode', params.get('login') === 'popup' ? 'popup' : 'inline');
    }
    loadWidgets(backend);
  });
