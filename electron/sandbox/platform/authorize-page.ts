// The seller's sign-in and consent page of the authorization code flow (spec § Authorization
// code flow, step 1: "The seller signs in and presses Allow"). Plain HTML with no script, every
// reflected value escaped; the station's auth window and the browser tests drive it.

export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  state: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:8vh;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 2px 12px #0002;width:22rem}
h1{font-size:1.3rem;margin:0 0 .3rem} p{color:#444} label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
.error{color:#b00020;font-weight:600} .buttons{display:flex;gap:.8rem;margin-top:1.3rem}
button{flex:1;padding:.6rem;font-size:1rem;cursor:pointer} button[value=allow]{background:#1a56db;color:#fff;border:0;border-radius:4px}`;

/**
 * The sign-in and Allow page. `error` is shown above the form (wrong password and the like); the
 * username typed before is kept so that only the password has to be entered again.
 */
export function renderAuthorizePage(params: AuthorizeParams, appName: string, error?: string, username = ''): string {
  const hidden = (['client_id', 'redirect_uri', 'response_type', 'scope', 'state'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k])}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to allow access</title><style>${STYLE}</style></head>
<body>
  <main>
    <h1>Sign in to the seller dashboard</h1>
    <p><strong>${escapeHtml(appName)}</strong> asks for access to your seller account (scope ${escapeHtml(params.scope || 'Seller_Api')}).</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/oauth-service/oauth/authorize">
      ${hidden}
      <label for="username">Username</label>
      <input type="text" id="username" name="username" autocomplete="username" value="${escapeHtml(username)}">
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password">
      <div class="buttons">
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}

/** A page for requests that cannot be sent back to the application (unknown client or redirect). */
export function renderAuthorizeError(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Authorization request refused</title><style>${STYLE}</style></head>
<body><main><h1>Authorization request refused</h1><p class="error" role="alert">${escapeHtml(message)}</p></main></body>
</html>`;
}
