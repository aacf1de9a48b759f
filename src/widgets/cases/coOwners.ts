export * from '../../shared/caseForm/coOwners.js';
