package org.hybridconnector.bench.wsesslog;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Where sessions come from: a RUBiS walk over the site's data, or Surge-like visits to a static
 * file set. A session is its pages (bursts) in order; the same random stream gives the same session.
 */
@FunctionalInterface
public interface SessionSource {

    List<Burst> session(SplittableRandom random);
}
