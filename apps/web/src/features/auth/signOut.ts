import type { RootStore } from '../../app/RootStore.ts';
import { ensureCsrfToken } from '../../lib/csrf.ts';
import { applyTheme } from '../../lib/theme.ts';

/**
 * Signs out the way the spec says: a hidden form POSTed to /auth/sign-out/ with the CSRF
 * token; the server ends the session and answers 302 to `/`. Local stores are reset and the
 * theme goes back to the system one first.
 */
export async function signOut(stores: RootStore): Promise<void> {
  const token = await ensureCsrfToken();
  stores.reset();
  applyTheme('system');
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/auth/sign-out/';
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'csrfmiddlewaretoken';
  input.value = token;
  form.append(input);
  document.body.append(form);
  form.submit();
}
