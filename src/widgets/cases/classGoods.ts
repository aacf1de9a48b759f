export * from '../../shared/caseForm/classGoods.js';
