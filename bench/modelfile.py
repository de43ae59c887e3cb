#!/usr/bin/env python3
"""Writes scikit-learn models as filterocr model files (Sources/Decisions/ModelFile.swift), the
data that `--auto` decides with, and the parity fixtures that prove Swift's inference computes
what scikit-learn does.

A model file holds its features by name, in the order its trees and weights index them:
  gbdt-regressor   GradientBoostingRegressor: base + sum of the trees' leaf values;
  gbdt-classifier  GradientBoostingClassifier (two classes): sigmoid(prior log-odds + sum);
  logistic         StandardScaler then LogisticRegression: sigmoid(bias + w . (x - mean) / scale).
Leaf values are written already multiplied by the learning rate, so Swift only adds them.
"""
import hashlib
import json

import numpy
from sklearn.ensemble import GradientBoostingClassifier, GradientBoostingRegressor

FORMAT = "filterocr-model/1"


def _trees(model):
    trees = []
    for estimator in model.estimators_[:, 0]:
        tree = estimator.tree_
        trees.append({
            "feature": [int(f) if f >= 0 else 0 for f in tree.feature],
            "threshold": [float(t) for t in tree.threshold],
            "left": [int(c) for c in tree.children_left],
            "right": [int(c) for c in tree.children_right],
            "value": [float(v) * model.learning_rate for v in tree.value[:, 0, 0]],
        })
    return trees


def _tree_base(model, features):
    """The ensemble's starting value: its raw prediction less the trees' contributions, on a
    zero sample (the init estimator is a constant: the mean, or the prior log-odds)."""
    zero = numpy.zeros((1, len(features)))
    raw = model._raw_predict(zero)[0, 0]
    return float(raw - sum(est.predict(zero.astype(numpy.float32))[0] * model.learning_rate
                           for est in model.estimators_[:, 0]))


def model_file(name, model, features, thresholds=None, trained=None, scaler=None):
    """The model file of a fitted `model` (with `scaler` in front of a logistic regression)."""
    document = {"format": FORMAT, "name": name, "features": list(features),
                "thresholds": dict(thresholds or {}), "trained": {k: str(v) for k, v in (trained or {}).items()}}
    if isinstance(model, GradientBoostingRegressor):
        document.update(kind="gbdt-regressor", base=_tree_base(model, features), trees=_trees(model))
    elif isinstance(model, GradientBoostingClassifier):
        if model.n_classes_ != 2:
            raise ValueError("only two-class classifiers are written")
        document.update(kind="gbdt-classifier", base=_tree_base(model, features), trees=_trees(model))
    else:
        if scaler is None:
            raise ValueError("a logistic model is written with its scaler")
        document.update(kind="logistic", base=0.0, trees=[], logistic={
            "weights": [float(w) for w in model.coef_[0]], "bias": float(model.intercept_[0]),
            "mean": [float(m) for m in scaler.mean_], "scale": [float(s) for s in scaler.scale_]})
    return document


def predict(model, rows, scaler=None):
    """What scikit-learn predicts for `rows`, in the model file's terms: the regressor's value,
    otherwise the probability of the positive class."""
    rows = numpy.asarray(rows, dtype=float)
    if isinstance(model, GradientBoostingRegressor):
        return model.predict(rows)
    if scaler is not None:
        rows = scaler.transform(rows)
    return model.predict_proba(rows)[:, 1]


def write(path, document):
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    with open(path, "w") as out:
        out.write(text)
    return hashlib.sha256(text.encode()).hexdigest()


def parity_fixture(model, rows, scaler=None):
    """Rows and scikit-learn's predictions for them, for the Swift parity test."""
    rows = numpy.asarray(rows, dtype=float)
    return {"x": rows.tolist(), "y": [float(v) for v in predict(model, rows, scaler)]}


def write_parity_fixtures(folder):
    """A model of each kind fitted to a fixed synthetic problem, with 100 rows and scikit-learn's
    predictions: the fixtures of Tests/DecisionsTests. Features span magnitudes from 0.01 to
    100, as page features do, so thresholds fall between floats."""
    import os
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    rng = numpy.random.default_rng(66)
    rows = rng.normal(size=(300, 5)) * [1, 10, 0.01, 100, 3]
    value = rows[:, 0] * 2 + numpy.sin(rows[:, 1]) + (rows[:, 3] > 20) + rng.normal(size=300) * 0.1
    label = (value > 0.5).astype(int)
    features = ["page.a", "page.b", "page.c", "page.d", "page.e"]
    os.makedirs(folder, exist_ok=True)
    regressor = GradientBoostingRegressor(n_estimators=30, max_depth=3, random_state=0).fit(rows, value)
    classifier = GradientBoostingClassifier(n_estimators=30, max_depth=3, random_state=0).fit(rows, label)
    scaler = StandardScaler().fit(rows)
    logistic = LogisticRegression().fit(scaler.transform(rows), label)
    for name, model, model_scaler in (("regressor", regressor, None), ("classifier", classifier, None),
                                      ("logistic", logistic, scaler)):
        document = model_file(f"parity-{name}", model, features, thresholds={"cut": 0.5}, scaler=model_scaler,
                              trained={"script": "bench/modelfile.py fixtures"})
        document["parity"] = parity_fixture(model, rows[:100], model_scaler)
        write(os.path.join(folder, f"parity-{name}.json"), document)


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 3 or sys.argv[1] != "fixtures":
        sys.exit("usage: bench/modelfile.py fixtures FOLDER")
    write_parity_fixtures(sys.argv[2])
