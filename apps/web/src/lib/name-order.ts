// The contract's name order (one cached Intl.Collator per locale), the same on the server's letters, PDFs and sheets.
export { foldName, sortByName } from '@skillroom/contract/rules';
