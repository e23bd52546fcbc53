import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '../../../app/route-guard.tsx';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { AppHeader, type ProfileEditorProps } from './app-header.tsx';

/** The header is handed its profile editor by app/; here a stand-in. */
function NoProfileEditor({ user, opened }: ProfileEditorProps) {
  return opened ? <div data-testid="profile-editor">{user.name}</div> : null;
}

const corporate = {
  status: true,
  message: 'OK',
  data: { id: 7, name: 'PT Sehat Bersama Group', phoneNumber: null, address: null },
};

describe('AppHeader clock and date', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // 23:59:58 on Sunday 22 November 2026 in Jakarta.
    vi.setSystemTime(new Date('2026-11-22T16:59:58Z'));
    mockApi({});
  });
  afterEach(() => vi.useRealTimers());

  it('ticks the clock every second and refreshes the date only every 60 seconds', () => {
    renderWithApp(<AppHeader user={makeUser()} profileEditor={NoProfileEditor} />);
    const clock = screen.getByTestId('header-clock');
    const date = screen.getByTestId('header-date');
    expect(clock).toHaveTextContent('23:59:58');
    expect(date).toHaveTextContent('Minggu, 22 November 2026');

    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('23:59:59');

    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('00:00:00');
    // Past midnight, but the date timer has not fired yet.
    expect(date).toHaveTextContent('Minggu, 22 November 2026');

    act(() => vi.advanceTimersByTime(57_000));
    expect(date).toHaveTextContent('Minggu, 22 November 2026');
    act(() => vi.advanceTimersByTime(1000));
    expect(date).toHaveTextContent('Senin, 23 November 2026');
    expect(clock).toHaveTextContent('00:00:58');
  });
});

describe('AppHeader clinic name', () => {
  it.each(['Super Admin', 'Admin'])('shows the corporate profile name to %s', async (role) => {
    const fetchMock = mockApi({ '/api/clinic/v1/pharmacies/corps/where': () => ({ body: corporate }) });
    renderWithApp(
      <AppHeader
        user={makeUser({ role: { _id: 'r', role, menu: { access: [] } }, corpId: 7 })}
        profileEditor={NoProfileEditor}
      />,
    );
    expect(await screen.findByText('PT Sehat Bersama Group')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/clinic/v1/pharmacies/corps/where?id=7');
    expect(new Headers(init?.headers).get('service')).toBe('master');
    expect(screen.queryByText('Klinik Pratama Sehat')).not.toBeInTheDocument();
  });

  it("shows other roles their clinic's name without asking for the corporate profile", () => {
    const fetchMock = mockApi({ '/api/clinic/v1/pharmacies/corps/where': () => ({ body: corporate }) });
    renderWithApp(<AppHeader user={makeUser()} profileEditor={NoProfileEditor} />);
    expect(screen.getByTestId('header-clinic')).toHaveTextContent('Klinik Pratama Sehat');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the account type when the user has no clinic', () => {
    mockApi({});
    renderWithApp(
      <AppHeader
        user={makeUser({ dataClinic: null, accountType: 'mandiri' })}
        profileEditor={NoProfileEditor}
      />,
    );
    expect(screen.getByTestId('header-clinic')).toHaveTextContent('Praktik Mandiri');
  });

  it("shows a partner company's HR user their company's name", () => {
    mockApi({});
    renderWithApp(
      <AppHeader
        user={makeUser({
          dataClinic: null,
          accountType: 'corporate',
          companyId: 12,
          dataCompany: { id: 12, name: 'PT Tambang Sejahtera' },
        })}
        profileEditor={NoProfileEditor}
      />,
    );
    expect(screen.getByTestId('header-clinic')).toHaveTextContent('PT Tambang Sejahtera');
  });
});

describe('AppHeader user menu', () => {
  it('shows the name and the default avatar when there is no photo', () => {
    mockApi({});
    renderWithApp(<AppHeader user={makeUser({ imageUrl: null })} profileEditor={NoProfileEditor} />);
    expect(screen.getByText('Siti Rahma')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Siti Rahma' })).not.toBeInTheDocument();
  });

  it('logs out: posts /logout, clears the session and the route guard goes to the login page', async () => {
    const user = makeUser();
    sessionStore.signIn(user, 'token-1');
    const fetchMock = mockApi({ '/logout': () => ({ body: { status: true, message: 'Logout berhasil' } }) });
    // the logout itself does not navigate: the guard sees the session gone and replaces the entry
    renderWithApp(
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="*" element={<AppHeader user={user} profileEditor={NoProfileEditor} />} />
        </Route>
      </Routes>,
      { route: '/DashboardAdvance' },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Menu pengguna' }));
    const logoutItem = await screen.findByRole('menuitem', { name: 'Keluar' });
    // Edit Profile for everyone; Lihat Jadwal only for doctors.
    expect(screen.getByText('Edit Profile')).toBeInTheDocument();
    expect(screen.queryByText('Lihat Jadwal')).not.toBeInTheDocument();
    fireEvent.click(logoutItem);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledWith('/logout', expect.objectContaining({ method: 'POST' }));
    expect(sessionStore.getState()).toMatchObject({ user: null, token: null, dataClinic: null });
  });
});

describe('AppHeader profile editor', () => {
  it('Edit Profile opens the editor it was handed, for the session user', async () => {
    mockApi({});
    renderWithApp(<AppHeader user={makeUser()} profileEditor={NoProfileEditor} />);
    expect(screen.queryByTestId('profile-editor')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Menu pengguna' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(await screen.findByTestId('profile-editor')).toHaveTextContent('Siti Rahma');
  });
});
