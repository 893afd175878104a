/**
 * Every payable domain, one import each: importing the module registers its completion handler
 * (see ./completions.ts). Loaded by completeOrder before it dispatches.
 */
import '../registrations.ts';
import '../orders.ts';
