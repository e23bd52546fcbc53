import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n/i18n.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { AppProviders } from '../providers.tsx';
import { AppRouter } from '../router.tsx';
import { AppUpdateNotice, UpdateNotice } from './update-notice.tsx';

const inApp = (ui: React.ReactElement) =>
  render(<AppProviders queryClient={new QueryClient()}>{ui}</AppProviders>);

afterEach(async () => {
  sessionStore.signOut();
  await changeLocale('id');
});

describe('the app shell while the server is unreachable', () => {
  it('says so plainly instead of opening the login page', async () => {
    sessionStore.markUnreachable();
    inApp(<AppRouter />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server tidak dapat dihubungi. Periksa jaringan; halaman akan tersambung lagi otomatis.',
    );
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});

describe('the update notice', () => {
  it('names the new release and reloads only when the user presses the button', async () => {
    const reload = vi.fn();
    inApp(<UpdateNotice onReload={reload} />);
    expect(screen.getByRole('status')).toHaveTextContent('Versi baru tersedia — muat ulang');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('speaks English after the switch', async () => {
    await changeLocale('en');
    inApp(<UpdateNotice onReload={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('New version available — reload');
  });

  it('stays hidden while no release waits (no service worker here)', () => {
    inApp(<AppUpdateNotice />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
