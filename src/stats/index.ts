/** The statistics the verdict rests on. Pure functions only: nothing here does I/O. */
export { type AnovaResult, fSf, oneWayAnova, type SumsOfSquares, sumsOfSquares } from './anova.ts';
export {
  assertFinite,
  averageRanks,
  geometricMeanRatio,
  hodgesLehmannShift,
  logRatios,
  mean,
  median,
  mulberry32,
  quantile,
  sd,
  sortedCopy,
} from './describe.ts';
export {
  lnGamma,
  normalCdf,
  normalQuantile,
  normalSf,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTQuantile,
  studentTSf,
} from './distributions.ts';
export { MANN_WHITNEY_EXACT_MAX_SIZE, type MannWhitneyResult, mannWhitneyU } from './mannwhitney.ts';
export { benjaminiHochberg, holm } from './multiple.ts';
export {
  type OneSampleTResult,
  oneSampleT,
  type TTestResult,
  tConfidenceInterval,
  welchTTest,
} from './ttest.ts';
export {
  type Alternative,
  hodgesLehmann1,
  SIGNED_RANK_EXACT_MAX_N,
  type SignedRankInterval,
  type SignedRankResult,
  signedRankConfidenceInterval,
  signedRankDistribution,
  walshAverages,
  wilcoxonSignedRank,
} from './wilcoxon.ts';
