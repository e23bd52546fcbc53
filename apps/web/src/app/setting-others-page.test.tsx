import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, paged, renderAt, signIn } from '../features/emr/test/emr-fixtures.tsx';
import { mockApi } from '../test/render.tsx';
import { SettingOthersPage } from './setting-others-page.tsx';

const api = () =>
  mockApi({
    [`${API}/audit/logs`]: () => paged([]),
    [`${API}/outbox/consumers`]: () => ({ body: { status: true, message: 'OK', data: [] } }),
    [`${API}/outbox/parked`]: () => paged([]),
  });

afterEach(() => vi.unstubAllGlobals());

describe('SettingOthersPage', { timeout: 20_000 }, () => {
  it('offers the billing consistency check to whoever keeps the billing settings', async () => {
    signIn('Admin', ['/Setting/others']);
    api();
    renderAt(<SettingOthersPage />, '/Setting/others', '/Setting/others');
    expect(await screen.findByRole('button', { name: 'Jalankan pengecekan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cek kesesuaian keuangan' })).toBeTruthy();
  });

  it('hides it from a user who may read the audit log but not manage billing', async () => {
    signIn('Admin', ['/EMR']);
    api();
    renderAt(<SettingOthersPage />, '/Setting/others', '/Setting/others');
    expect(await screen.findByRole('heading', { name: 'Log Audit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jalankan pengecekan' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cek kesesuaian keuangan' })).toBeNull();
  });
});
