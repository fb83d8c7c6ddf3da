import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reaction } from 'mobx';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../app/RootStore.ts';
import { ApiError } from '../../lib/api.ts';
import { applyTheme, isDarkApplied } from '../../lib/theme.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProfile, makeUser } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { ThemePicker } from './ThemePicker.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

function renderPicker() {
  const stores = new RootStore();
  stores.user.setSignedIn(makeUser());
  stores.user.profile = makeProfile({ theme: { theme: 'light' } });
  const stop = reaction(() => stores.user.theme, applyTheme, { fireImmediately: true });
  renderInRouter(() => <ThemePicker />, { stores });
  return { stores, stop };
}

describe('ThemePicker', () => {
  beforeEach(() => {
    fakeApi.reset();
  });

  it('applies the chosen theme immediately and saves it to the profile', async () => {
    fakeApi.on('PATCH', '/api/users/me/profile/', makeProfile({ theme: { theme: 'dark' } }));
    const user = userEvent.setup();
    const { stop } = renderPicker();
    expect(((await screen.findByRole('radio', { name: 'Light' })) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(isDarkApplied()).toBe(true);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect(fakeApi.callsTo('PATCH', '/api/users/me/profile/')[0]?.body).toEqual({ theme: { theme: 'dark' } });
    stop();
  });

  it('puts the previous theme back and shows the server message when saving fails', async () => {
    fakeApi.on('PATCH', '/api/users/me/profile/', () => {
      throw new ApiError(500, 'Failed to update user profile theme', 'INTERNAL_ERROR');
    });
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const { stop } = renderPicker();

    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update user profile theme'));
    expect(isDarkApplied()).toBe(false);
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
    stop();
  });
});
