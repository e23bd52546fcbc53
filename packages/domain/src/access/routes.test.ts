import { describe, expect, it } from 'vitest';
import { APP_ROUTES, matchRoute, routeByName, routeName } from './routes.ts';

describe('route table (spec 2.1)', () => {
  it('names routes the way the spec navigates by them', () => {
    expect(routeName('/Lab/home-page-mcu')).toBe('Lab-home-page-mcu');
    expect(routeName('/Lab/home-page-lab')).toBe('Lab-home-page-lab');
    expect(routeName('/Doctor/doctor')).toBe('Doctor-doctor');
    expect(routeName('/Physio')).toBe('Physio');
    expect(routeName('/EMR/Detail/:id?')).toBe('EMR-Detail-id');
    expect(routeName('/')).toBe('index');
    expect(routeByName('Doctor-doctor')?.path).toBe('/Doctor/doctor');
  });

  it('knows every route of the specification exactly once', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/authentication',
      '/ErrorAuth/error',
      '/DashboardAdvance/crm',
      '/Director/dashboard',
      '/EMR/Detail/:id?',
      '/MasterPasien/edit',
      '/Doctor/doctor-agenda',
      '/ReturnReceive',
      '/Layanan/previewHasilnonMcu',
      '/statesCode',
      '/QuickSetup/quickSetupMandiri',
      '/Registration/perusahaanRekanan',
      '/Setting/Pharmacy/drug',
      '/Inisiasi/send/verifikasi',
      '/Inisiasi/verifikasi/:id?',
    ]) {
      expect(paths).toContain(p);
    }
    // the spec's routes and the company portal (issue 20 §8, /Portal/mcu)
    expect(APP_ROUTES).toHaveLength(70);
  });

  it('matches concrete paths, optional parameters and the front-office alias', () => {
    expect(matchRoute('/EMR/Detail/42')?.name).toBe('EMR-Detail-id');
    expect(matchRoute('/EMR/Detail')?.name).toBe('EMR-Detail-id');
    expect(matchRoute('/Registration/Patient')?.path).toBe('/Registration/patient');
    expect(matchRoute('/Doctor/doctor/')?.path).toBe('/Doctor/doctor');
    expect(matchRoute('/EMR/Detail/42/x')).toBeUndefined();
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
});
