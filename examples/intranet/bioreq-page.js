// The documents page's script: a file, not an inline <script>, because the page is served with the same strict
// Content-Security-Policy as index.html (serve.mjs).
const query = new URLSearchParams(location.search);
const tessera = (query.get('tessera') || 'http://localhost:3000').replace(/\/+$/, '');
const organization = query.get('organization') || 'acme-training';
const status = document.getElementById('tessera-status');
document.querySelector('a[href="./"]').search = location.search;
for (const widget of document.querySelectorAll('tessera-login, tessera-bioreq-uploader')) {
  widget.setAttribute('api-base', `${tessera}/api`);
  widget.setAttribute('organization', organization);
}
// The password form in this page, as on the intranet's front page (?login=popup: "Log in with Tessera" instead).
document.querySelector('tessera-login').setAttribute('login-mode', query.get('login') === 'popup' ? 'popup' : 'inline');
// tessera-session (the page's, once per change) tells the state when the widgets connect (a session kept from an
// earlier visit included) and on every change; tessera-login alone would leave a returning member reading "Log in"
// under "Logged in as".
document.addEventListener('tessera-session', (event) => {
  status.textContent = event.detail.state === 'logged-in' ? 'You are logged in: send your documents below.' : 'Log in to send your documents.';
});
document.addEventListener('tessera-bioreq-uploaded', (event) => {
  status.textContent = `HR received "${event.detail.title}".`;
});
document.addEventListener('tessera-bioreq-cancelled', (event) => {
  status.textContent = `"${event.detail.title}" was withdrawn.`;
});
// Equivalent to <script src="http://localhost:3000/widgets/tessera-bioreq.js">, with the server configurable.
const script = document.createElement('script');
script.src = `${tessera}/widgets/tessera-bioreq.js`;
script.onerror = () => {
  status.textContent = `Could not load the Tessera widgets from ${tessera}. Is the Tessera server running (npm start)?`;
};
document.head.append(script);
