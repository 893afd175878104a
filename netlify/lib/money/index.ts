export * from './admin.ts';
export * from './csv.ts';
