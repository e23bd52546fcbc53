import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../shared/session/session-store.ts';
import { API, labPreAss, mcuClinic, ok, registration, withModals } from '../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { McuHomePage } from './mcu-home-page.tsx';

const route = '/Lab/home-page-mcu';
const access = {
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
};
const worklistRow = {
  uid: 'pa1',
  mcuNumber: 'MBL-0001',
  name: 'Agus Setiawan',
  employeeNumber: 'MBL-CKR-1001',
  department: 'Gudang',
  company: { uid: 'c1', name: 'PT Maju Bersama Logistik' },
  eventName: 'MCU Berkala',
  status: 'inProgress',
  visitUid: 'r1',
  checkedInAt: null,
  stations: [],
  left: [],
};

describe('McuHomePage', { timeout: 20_000 }, () => {
  it('opens the MCU screen of the participant whose visit the sidebar opened; Lab stays for its lab work', async () => {
    sessionStore.signIn(
      makeUser({
        ClinicId: 11,
        clinics: [mcuClinic],
        role: { _id: 'r', role: 'Lab', menu: { access: [access] } },
      }),
    );
    const reg = registration({ serviceType: 'MCU' });
    const fetch = mockApi({
      [`${API}/mcu/worklist`]: (_init, url) =>
        ok({
          docs: url.searchParams.get('visitUid') === 'r1' ? [worklistRow] : [],
          page: 1,
          totalPages: 1,
          limit: 1,
          totalDocs: 1,
        }),
      [`${API}/assesments/lab_mcu_assesment/LabPreAss/r1`]: () => ok(labPreAss(reg)),
    });
    renderWithApp(withModals(<McuHomePage />), { route: `${route}?id=r1` });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'MCU' })).toBeChecked());
    const lookups = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/mcu/worklist'));
    expect(lookups[0]?.searchParams.get('visitUid')).toBe('r1');

    // back to the lab's work of the same visit: no switch again
    fireEvent.click(screen.getByRole('radio', { name: 'Laboratorium' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Laboratorium' })).toBeChecked());
    expect(await screen.findByTestId('patient-banner')).toHaveTextContent('L-007');
    expect(screen.getByRole('radio', { name: 'Laboratorium' })).toBeChecked();
  });
});
