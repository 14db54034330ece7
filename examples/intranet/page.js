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
  const { state, reason, storage } = event.detail;
  if (state === sessionState) return;
  sessionState = state;
  const memory = storage === 'memory' ? ' (this frame cannot use localStorage: the session lasts until the page closes)' : '';
  if (state === 'logged-in') status.textContent = `You are logged in to Tessera.${memory}`;
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

// Equivalent to <script src="http://localhost:3000/widgets/tessera-widgets.js">, with the server configurable.
// ?bundles=tessera-login.js,tessera-widgets.js loads both bundles, as a page that grew them separately does:
// they share one page runtime (one login).
const bundles = (params.get('bundles') || 'tessera-widgets.js').split(',').filter((name) => ['tessera-login.js', 'tessera-widgets.js'].includes(name));
for (const bundle of bundles) {
  const script = document.createElement('script');
  script.src = `${tessera}/widgets/${bundle}`;
  script.async = false;
  script.onerror = () => {
    status.textContent = `Could not load the Tessera widgets from ${tessera}. Is the Tessera server running (npm start)?`;
  };
  document.head.append(script);
}
