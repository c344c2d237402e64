/** What the action says about the event it runs for. Pure. */

/** A merge group whose head is not what the job checked out. */
export function mergeGroupCheckoutMessage(groupHead: string, checkedOut: string): string {
  return `the merge group's head is ${groupHead.slice(0, 7)}, but the checkout is ${checkedOut.slice(0, 7)}: perf-gate measures what is checked out. Check out the merge group's head (actions/checkout does by default on merge_group).`;
}
