// Moved to lib/ so that building blocks (the date field) share it; kept here for the shell's imports.
export { useDismiss } from '../../lib/use-dismiss';
