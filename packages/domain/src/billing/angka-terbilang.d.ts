// the library ships plain CommonJS without types: its one export, as it is called here
declare module '@develoka/angka-terbilang-js' {
  export default function angkaTerbilang(target: string | number, settings?: { decimal: string }): string;
}
