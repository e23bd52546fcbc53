import type { webId } from './web.id.ts';

export const webEn: typeof webId = {
  appName: 'Klinikita',
  tagline: 'Clinic information system',
  loading: 'Loading…',
  language: {
    label: 'Language',
    id: 'ID',
    en: 'EN',
  },
  login: {
    title: 'Sign in',
    subtitle: 'Use the account your clinic administrator gave you.',
    username: 'Username',
    usernamePlaceholder: 'Enter your username',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Sign in',
    failed: 'Sign-in failed',
    brandTitle: 'Your clinic on one screen',
    brandPoints: {
      frontOffice: 'Registration and patient queue',
      clinical: 'Doctor consultation and electronic medical records',
      support: 'Laboratory, medical checkup, radiology and pharmacy',
      finance: 'Payments, invoices and reports',
    },
    demo: {
      title: 'Demo accounts',
      hint: 'Click an account to fill in the form. Every account uses the password {{password}}.',
      use: 'Use account {{username}}',
    },
  },
  session: {
    loading: 'Loading your session…',
  },
  welcome: {
    greeting: 'Welcome, {{name}}',
    role: 'Role',
    clinic: 'Clinic',
    today: 'Today',
    noMenu: 'No menu is open to your role yet. Ask your clinic administrator to set up your menu access.',
  },
  accountType: {
    corporate: 'Corporate',
    klinik: 'Clinic',
    mandiri: 'Individual practice',
  },
  header: {
    toggleSidebar: 'Show or hide the menu',
    userMenu: 'User menu',
    editProfile: 'Edit Profile',
    schedule: 'Lihat Jadwal',
    logout: 'Sign out',
  },
  sidebar: {
    label: 'Main menu',
  },
  dashboard: {
    title: 'Dashboard',
    sections: {
      revenue: 'Revenue',
      turnAroundTime: 'Turn Around Time',
      serviceDistribution: 'Service Distribution',
      inventoryManagement: 'Inventory Management',
      crm: 'CRM',
    },
    descriptions: {
      revenue: 'Clinic revenue by period, service and payment method',
      turnAroundTime: 'Patient waiting time from registration to completion',
      serviceDistribution: 'Visits by service and doctor',
      inventoryManagement: 'Stock, usage and expiry of drugs and consumables',
      crm: 'Returning visits and patient satisfaction',
    },
  },
  errorAuth: {
    title: 'Access denied',
    message:
      'You do not have permission to open this page. Ask your clinic administrator if you need access.',
    back: 'Go back',
  },
  error: {
    home: 'Back to home',
  },
};
