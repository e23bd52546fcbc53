import type { displayId } from './display.id.ts';

export const displayEn: typeof displayId = {
  title: 'Queue Display',
  loading: 'Loading the queue display…',
  nowCalling: 'Queue number',
  goTo: 'please go to',
  noCallYet: 'No calls yet',
  noCallHint: 'Called numbers appear here.',
  previous: 'Previous calls',
  noPrevious: 'None yet',
  waiting: 'Waiting',
  waitingCount: '{{count}} patients',
  noWaiting: 'No patients waiting',
  enableSound: 'Click to turn on sound',
  enableSoundHint: 'The browser needs one click before the screen may play sound.',
  soundOn: 'Sound on',
  soundOff: 'Sound not on yet',
  offline: 'Connection lost, reconnecting…',
  invalidTitle: 'This queue display link is not valid',
  invalidHint:
    'The link is wrong or has been replaced. Ask the clinic admin for a new link (Patient Queue → Queue display).',
};
