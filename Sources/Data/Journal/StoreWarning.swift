import ProjectManagerDomain

/// Something a store noticed and worked around: the Domain's ``ProjectManagerDomain/StoreWarning``,
/// which the store reports and a front end puts in words.
public typealias StoreWarning = ProjectManagerDomain.StoreWarning
